import { contactInput, NOTICE_CHANNELS } from '@fleet/contracts';
import { z } from 'zod';

const s = contactInput.shape;

/**
 * PUT /trigger/contact/{id}: partial ContactInput. The create schema's defaults are taken off, so a
 * field the PUT leaves out keeps its stored value (`webhook_secret` absent keeps, '' clears).
 */
export const contactUpdate = z.object({
  name: s.name.optional(),
  email: s.email.unwrap().optional(),
  phone: s.phone.unwrap().optional(),
  webhook_kind: s.webhook_kind.unwrap().optional(),
  webhook_url: s.webhook_url.unwrap().optional(),
  webhook_secret: s.webhook_secret,
  email_enabled: s.email_enabled.unwrap().optional(),
  webhook_enabled: s.webhook_enabled.unwrap().optional(),
  sms_enabled: s.sms_enabled.unwrap().optional(),
  voice_enabled: s.voice_enabled.unwrap().optional(),
  expiry_notices: s.expiry_notices.unwrap().optional(),
  min_interval_s: s.min_interval_s.unwrap().optional(),
  storm_cap: s.storm_cap.unwrap().optional(),
  storm_window_s: s.storm_window_s.unwrap().optional(),
  escalate_after_min: s.escalate_after_min.unwrap().optional(),
  language: s.language.unwrap().optional(),
  enabled: s.enabled.unwrap().optional(),
  remark: s.remark.unwrap().optional(),
});
export type ContactUpdate = z.infer<typeof contactUpdate>;

/** POST /trigger/contact/{id}/test */
export const contactTestBody = z.object({ channel: z.enum(NOTICE_CHANNELS) });
export const contactTestAnswer = z.object({ notice_id: z.number().int() });
