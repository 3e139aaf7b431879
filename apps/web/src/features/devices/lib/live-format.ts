import {
  type CommandStatus,
  type CsqLevel,
  isBitPoint,
  isReadOnlyPoint,
  type TranslateItem,
  translateValue,
} from '@fleet/contracts';

/**
 * The text a latest value shows (SPEC 4): the point's translation when a range matches, otherwise the
 * number with the point's decimals; strings as they are; null when never reported.
 */
export function formatPointValue(
  value: number | string | null | undefined,
  point: { decimals?: number | null; translate?: readonly TranslateItem[] },
): { text: string; translated: boolean } | null {
  if (value === null || value === undefined) return null;
  if (typeof value === 'string') return { text: value, translated: false };
  if (!Number.isFinite(value)) return { text: String(value), translated: false };
  const translated = translateValue(value, point.translate);
  if (translated !== null) return { text: translated, translated: true };
  const decimals = Math.min(Math.max(Math.trunc(point.decimals ?? 0), 0), 10);
  return { text: value.toFixed(decimals), translated: false };
}

/** SPEC 9 relative time: the i18n key under devices.live.ago and its count; future times count as now. */
export function relativeAge(
  at: string | null | undefined,
  now: number,
): { key: string; count: number } | null {
  if (!at) return null;
  const then = new Date(at).getTime();
  if (Number.isNaN(then)) return null;
  const s = Math.max(0, Math.floor((now - then) / 1000));
  // SPEC 9: under 30 s 'just now', then minutes, hours, '1 day ago' under 2 days, then days.
  if (s < 30) return { key: 'devices.live.ago.justNow', count: 0 };
  if (s < 3600) return { key: 'devices.live.ago.minutes', count: Math.max(1, Math.floor(s / 60)) };
  if (s < 86_400) return { key: 'devices.live.ago.hours', count: Math.floor(s / 3600) };
  return { key: 'devices.live.ago.days', count: Math.floor(s / 86_400) };
}

/** SPEC 4 command status tags: label key and Ant Design tag colour. */
const COMMAND_COLOUR: Record<CommandStatus, string> = {
  create: 'processing',
  send: 'processing',
  resp: 'success',
  fail: 'error',
  error: 'error',
  networkError: 'warning',
  notAuthorized: 'default',
};
export function commandStatusView(status: string): { key: string; color: string } {
  if (status in COMMAND_COLOUR)
    return { key: `devices.cmd.status.${status}`, color: COMMAND_COLOUR[status as CommandStatus] };
  return { key: 'devices.cmd.status.unknown', color: 'default' };
}

/** Statuses after which the command will not move any more. */
export const isFinalCommandStatus = (status: string) => status !== 'create' && status !== 'send';

/** SPEC: re-read the status 2000 ms after sending, then every 2 s while still pending, up to ~20 s. */
export const COMMAND_FIRST_CHECK_MS = 2000;
export const COMMAND_CHECK_EVERY_MS = 2000;
export const COMMAND_CHECK_FOR_MS = 20_000;

/** Next status re-read delay for a command sent `elapsedMs` ago, or null to stop. */
export function nextCommandCheck(status: string, elapsedMs: number): number | null {
  if (isFinalCommandStatus(status)) return null;
  if (elapsedMs >= COMMAND_CHECK_FOR_MS) return null;
  return elapsedMs < COMMAND_FIRST_CHECK_MS ? COMMAND_FIRST_CHECK_MS - elapsedMs : COMMAND_CHECK_EVERY_MS;
}

/** Bars (0-4) of a signal level, drawn like a phone's. */
export const SIGNAL_BARS: Record<CsqLevel, number> = { none: 0, weak: 1, fair: 2, good: 3, excellent: 4 };
export const SIGNAL_COLOUR: Record<CsqLevel, string> = {
  none: '#bfbfbf',
  weak: '#ff4d4f',
  fair: '#faad14',
  good: '#52c41a',
  excellent: '#389e0d',
};

/** Offline reasons the platform writes (gateways/types.ts OfflineReason); others show as they are. */
const KNOWN_REASONS = new Set(['closed', 'heartbeat', 'replaced', 'kicked', 'silent', 'shutdown']);
export function reasonKey(reason: string | null | undefined): string | null {
  if (!reason) return null;
  return KNOWN_REASONS.has(reason) ? `devices.onoff.reason.${reason}` : null;
}

export type WriteInputKind = 'switch' | 'number' | 'text';
/** The input a write control uses: a switch for bits and switches, text for strings, else a number. */
export function writeInputKind(point: {
  data_type: string;
  source_kind: string;
  area: string | null;
}): WriteInputKind {
  if (point.data_type === 'string' || point.data_type === 'var' || point.source_kind === 'string')
    return 'text';
  if (isBitPoint({ area: point.area, sourceKind: point.source_kind })) return 'switch';
  return 'number';
}

/** A point can be written from the page when its access (and register area) allows it. */
export const isWritable = (point: { access: string; area: string | null }) => !isReadOnlyPoint(point);

/** The permission a write needs (docs/api-pipeline.md): monitor points control, parameters setParam. */
export const writePermissionOf = (type: number) => (type === 1 ? 'Device/setParam' : 'Device/control');
