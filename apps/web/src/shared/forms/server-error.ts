import { BizCode } from '@fleet/contracts';
import type { FormInstance } from 'antd';
import { notifyError } from '../api/client';
import { ApiError } from '../api/errors';

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

/**
 * Shows a failed save where the user can act on it: a 10002 naming one of the form's `fields` goes
 * under that field; anything else is a toast (SPEC 8).
 */
export function showSaveError<T>(
  form: FormInstance<T>,
  error: unknown,
  fields: Iterable<string> | ((field: string) => boolean),
): void {
  const fe = fieldErrorOf(error);
  const known = typeof fields === 'function' ? fields : (f: string) => new Set(fields).has(f);
  if (fe && known(fe.field)) form.setFields([{ name: fe.field as never, errors: [fe.message] }]);
  else notifyError(error);
}
