import type { ContactInput, ContactRow, Language, WebhookKind } from '@fleet/contracts';

/** The contact drawer's fields. The secret is write-only: empty means "keep what is stored". */
export interface ContactFormValues {
  name: string;
  email: string;
  phone: string;
  webhook_kind: '' | WebhookKind;
  webhook_url: string;
  webhook_secret: string;
  /** Edit only: remove the stored secret. */
  clear_secret: boolean;
  email_enabled: boolean;
  webhook_enabled: boolean;
  sms_enabled: boolean;
  voice_enabled: boolean;
  expiry_notices: boolean;
  min_interval_s: number | null;
  storm_cap: number | null;
  storm_window_min: number | null;
  escalate_after_min: number | null;
  language: Language;
  enabled: boolean;
  remark: string;
}

export function contactFormValues(row: ContactRow | undefined, language: Language): ContactFormValues {
  return {
    name: row?.name ?? '',
    email: row?.email ?? '',
    phone: row?.phone ?? '',
    webhook_kind: (row?.webhook_kind ?? '') as '' | WebhookKind,
    webhook_url: row?.webhook_url ?? '',
    webhook_secret: '',
    clear_secret: false,
    email_enabled: row?.email_enabled ?? false,
    webhook_enabled: row?.webhook_enabled ?? false,
    sms_enabled: row?.sms_enabled ?? false,
    voice_enabled: row?.voice_enabled ?? false,
    expiry_notices: row?.expiry_notices ?? false,
    min_interval_s: row?.min_interval_s ?? 0,
    storm_cap: row?.storm_cap ?? 10,
    storm_window_min: Math.round((row?.storm_window_s ?? 3600) / 60),
    escalate_after_min: row?.escalate_after_min ?? 0,
    language: (row?.language as Language | undefined) ?? language,
    enabled: row?.enabled ?? true,
    remark: row?.remark ?? '',
  };
}

/**
 * The request body of the form. The secret goes only when typed (or '' to clear a stored one on
 * edit), so saving other fields never wipes it (docs/api-alarms.md PUT /trigger/contact/{id}).
 */
export function contactBody(v: Partial<ContactFormValues>, editing: boolean): Partial<ContactInput> {
  const text = (value: string | undefined) => (value ?? '').trim();
  const body: Partial<ContactInput> = {
    name: text(v.name),
    email: text(v.email),
    phone: text(v.phone),
    webhook_kind: v.webhook_kind ?? '',
    webhook_url: text(v.webhook_url),
    email_enabled: v.email_enabled ?? false,
    webhook_enabled: v.webhook_enabled ?? false,
    sms_enabled: v.sms_enabled ?? false,
    voice_enabled: v.voice_enabled ?? false,
    expiry_notices: v.expiry_notices ?? false,
    min_interval_s: v.min_interval_s ?? 0,
    storm_cap: v.storm_cap ?? 10,
    storm_window_s: (v.storm_window_min ?? 60) * 60,
    escalate_after_min: v.escalate_after_min ?? 0,
    enabled: v.enabled ?? true,
    remark: text(v.remark),
  };
  if (v.language) body.language = v.language;
  const secret = text(v.webhook_secret);
  if (secret && !v.clear_secret) body.webhook_secret = secret;
  else if (editing && v.clear_secret) body.webhook_secret = '';
  return body;
}
