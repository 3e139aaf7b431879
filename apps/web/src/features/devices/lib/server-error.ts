import { BizCode } from '@fleet/contracts';
import { ApiError } from '../../../shared/api/errors';

/**
 * A 10002 answer names the field (`body.device_imei: ... already registered`): which form field it is
 * and the reason, so a drawer can show it under that field. null for anything else.
 */
export function fieldErrorOf(error: unknown): { field: string; message: string } | null {
  if (!(error instanceof ApiError) || error.code !== BizCode.PARAM_ERROR) return null;
  const m = /^body\.([A-Za-z_][\w.]*):\s*(.+)$/s.exec(error.serverMsg);
  if (!m?.[1] || !m[2]) return null;
  return { field: m[1], message: m[2] };
}
