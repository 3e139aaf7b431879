import {
  type TriggerInput,
  type TriggerKind,
  type TriggerRow,
  type TriggerUpdate,
  triggerProblem,
} from '@fleet/contracts';

/** What the trigger drawer edits: the threshold is split into its two limit inputs. */
export interface TriggerFormValues {
  kind: TriggerKind;
  point_id?: number | null;
  title?: string;
  alarm_type: 1 | 2;
  trigger_optype?: number;
  lolmt?: number | null;
  uplmt?: number | null;
  level: number;
  deadband?: number | null;
  delay_s?: number | null;
  stale_s?: number | null;
  enabled: boolean;
  notify: boolean;
  contact_ids?: number[];
}

/** Form fields a problem can land under. */
export type TriggerFormField = 'point_id' | 'trigger_optype' | 'lolmt' | 'uplmt' | 'stale_s' | 'deadband';

/**
 * Which limit inputs an operator shows (docs/api-alarms.md conditions): 1 >, 2 >=, 5 = compare with the
 * upper limit; 3 <, 4 <= with the lower one (as thresholdText reads them); 6 and 7 need both.
 */
export function limitInputs(optype: number | undefined): { lolmt: boolean; uplmt: boolean } {
  if (optype === 6 || optype === 7) return { lolmt: true, uplmt: true };
  if (optype === 3 || optype === 4) return { lolmt: true, uplmt: false };
  if (optype === 1 || optype === 2 || optype === 5) return { lolmt: false, uplmt: true };
  return { lolmt: false, uplmt: false };
}

/** Which fields a kind uses besides title, level, enabled, notify and contacts. */
export function kindFields(kind: TriggerKind) {
  return {
    point: kind !== 'offline',
    condition: kind === 'limit',
    delay: kind === 'limit' || kind === 'offline',
    stale: kind === 'stale',
  };
}

export function newTriggerValues(pointId?: number | null): TriggerFormValues {
  return {
    kind: 'limit',
    point_id: pointId ?? null,
    title: '',
    alarm_type: 1,
    trigger_optype: 1,
    lolmt: null,
    uplmt: null,
    level: 2,
    deadband: 0,
    delay_s: 0,
    stale_s: 60,
    enabled: true,
    notify: true,
    contact_ids: [],
  };
}

/** A stored trigger as form values; a one-limit operator shows whichever limit is stored in its input. */
export function triggerToForm(row: TriggerRow): TriggerFormValues {
  const { lolmt, uplmt } = row.trigger_threshold;
  const shown = limitInputs(row.trigger_optype);
  const single = uplmt ?? lolmt;
  return {
    kind: row.kind,
    point_id: row.point_id,
    title: row.title,
    alarm_type: row.alarm_type === 2 ? 2 : 1,
    trigger_optype: row.kind === 'limit' ? row.trigger_optype : 1,
    lolmt: shown.lolmt && !shown.uplmt ? (lolmt ?? uplmt) : lolmt,
    uplmt: shown.uplmt && !shown.lolmt ? single : uplmt,
    level: row.level,
    deadband: row.deadband,
    delay_s: row.delay_s,
    stale_s: row.stale_s || 60,
    enabled: row.enabled,
    notify: row.notify,
    contact_ids: row.contact_ids,
  };
}

const num = (v: number | null | undefined) => (v === null || v === undefined ? null : v);

/** The fields of a save that do not depend on device, point and kind. */
function commonPart(v: TriggerFormValues) {
  const uses = kindFields(v.kind);
  const shown = limitInputs(v.trigger_optype);
  return {
    title: (v.title ?? '').trim(),
    alarm_type: uses.condition ? v.alarm_type : 1,
    ...(uses.condition
      ? {
          trigger_optype: v.trigger_optype,
          // Only the limits the operator shows are sent; a hidden input's old value must not linger.
          trigger_threshold: {
            lolmt: shown.lolmt ? num(v.lolmt) : null,
            uplmt: shown.uplmt ? num(v.uplmt) : null,
          },
        }
      : {}),
    level: v.level,
    deadband: uses.condition ? (v.deadband ?? 0) : 0,
    delay_s: uses.delay ? (v.delay_s ?? 0) : 0,
    stale_s: uses.stale ? (v.stale_s ?? 0) : 0,
    enabled: v.enabled,
    notify: v.notify,
    // Absent when the contacts picker is hidden: an update then keeps the stored links.
    ...(v.contact_ids ? { contact_ids: v.contact_ids } : {}),
  } as const;
}

/** POST /trigger body. */
export function formToTriggerInput(deviceId: number, v: TriggerFormValues): TriggerInput {
  return {
    device_id: deviceId,
    kind: v.kind,
    point_id: kindFields(v.kind).point ? (v.point_id ?? null) : null,
    contact_ids: [],
    ...commonPart(v),
  } as TriggerInput;
}

/** PUT /trigger/{id} body (device, point and kind are fixed once created). */
export function formToTriggerUpdate(v: TriggerFormValues): TriggerUpdate {
  return commonPart(v) as TriggerUpdate;
}

/** i18n key (under devices.trigger.problem) of a problem. */
export type TriggerProblemKey =
  | 'required'
  | 'bothLimits'
  | 'loAboveUp'
  | 'limitRequired'
  | 'staleMin'
  | 'deadbandWide';

/**
 * The form's mirror of the server's `triggerProblem` (plus the range-deadband rule of optype 7), with
 * the field the message goes under: the threshold's problems land on the limit input that is missing.
 */
export function triggerFormProblem(
  v: TriggerFormValues,
): { field: TriggerFormField; key: TriggerProblemKey } | null {
  const input = formToTriggerInput(1, v);
  const problem = triggerProblem({
    kind: input.kind,
    point_id: input.point_id,
    trigger_optype: input.trigger_optype,
    trigger_threshold: input.trigger_threshold,
    stale_s: input.stale_s,
  });
  if (problem) {
    const lo = input.trigger_threshold?.lolmt ?? null;
    const up = input.trigger_threshold?.uplmt ?? null;
    if (problem.field === 'point_id') return { field: 'point_id', key: 'required' };
    if (problem.field === 'stale_s') return { field: 'stale_s', key: 'staleMin' };
    if (problem.field === 'trigger_optype') return { field: 'trigger_optype', key: 'required' };
    if (problem.reason === 'lolmt above uplmt') return { field: 'uplmt', key: 'loAboveUp' };
    if (problem.reason === 'lolmt and uplmt required')
      return { field: lo === null ? 'lolmt' : 'uplmt', key: 'bothLimits' };
    const shown = limitInputs(input.trigger_optype);
    return { field: shown.uplmt && up === null ? 'uplmt' : 'lolmt', key: 'limitRequired' };
  }
  if (input.kind === 'limit' && input.trigger_optype === 7) {
    const lo = input.trigger_threshold?.lolmt ?? 0;
    const up = input.trigger_threshold?.uplmt ?? 0;
    if (2 * (input.deadband ?? 0) > up - lo) return { field: 'deadband', key: 'deadbandWide' };
  }
  return null;
}

/** The form field a server 10002 names (`trigger_threshold...` goes under a shown limit input). */
export function formFieldOfServerField(field: string, optype: number | undefined): string {
  if (field.startsWith('trigger_threshold')) {
    if (field.endsWith('uplmt')) return 'uplmt';
    if (field.endsWith('lolmt')) return 'lolmt';
    return limitInputs(optype).lolmt ? 'lolmt' : 'uplmt';
  }
  return field.split('.')[0] ?? field;
}

/** The label of an option entry (alarm level) in the page's language. */
export function optionLabel(
  entry: { label: { zh: string; en: string; es: string } },
  language: string,
): string {
  const lng = language.slice(0, 2);
  return lng === 'en' || lng === 'es' || lng === 'zh' ? entry.label[lng] : entry.label.en;
}

/** A level's label and colour (an unknown level shows its number, uncoloured). */
export function levelView(
  levels: readonly {
    value: string | number;
    label: { zh: string; en: string; es: string };
    color?: string;
  }[],
  level: number,
  language: string,
): { text: string; color?: string } {
  const entry = levels.find((l) => Number(l.value) === level);
  return entry ? { text: optionLabel(entry, language), color: entry.color } : { text: String(level) };
}
