import type { ContactRow } from '@fleet/contracts';
import { describe, expect, it } from 'vitest';
import { contactBody, contactFormValues } from './contact-form';

const row = {
  id: 4,
  name: 'Ops',
  email: 'ops@example.com',
  phone: '',
  webhook_kind: 'dingtalk',
  webhook_url: 'https://oapi.dingtalk.com/robot/send?access_token=x',
  has_webhook_secret: true,
  email_enabled: true,
  webhook_enabled: true,
  sms_enabled: false,
  voice_enabled: false,
  expiry_notices: false,
  storm_cap: 10,
  storm_window_s: 3600,
  escalate_after_min: 0,
  min_interval_s: 60,
  language: 'en',
  enabled: true,
  remark: '',
  owner_name: 'admin',
  trigger_count: 2,
  created_at: '2026-01-01T00:00:00.000Z',
} satisfies ContactRow;

describe('contact form <-> ContactInput', () => {
  it('a new contact defaults to the screen language, enabled, no throttle', () => {
    expect(contactFormValues(undefined, 'es')).toMatchObject({
      language: 'es',
      enabled: true,
      min_interval_s: 0,
    });
  });

  it('never sends the secret unless typed: saving other fields keeps the stored one', () => {
    const values = contactFormValues(row, 'zh');
    expect(values.webhook_secret).toBe('');
    expect(contactBody(values, true)).not.toHaveProperty('webhook_secret');
  });

  it('sends a typed secret, or "" to clear the stored one', () => {
    const values = contactFormValues(row, 'zh');
    expect(contactBody({ ...values, webhook_secret: ' SEC ' }, true).webhook_secret).toBe('SEC');
    expect(contactBody({ ...values, clear_secret: true }, true).webhook_secret).toBe('');
    expect(contactBody({ ...values, clear_secret: true }, false)).not.toHaveProperty('webhook_secret');
  });

  it('trims text and keeps the channel switches', () => {
    const body = contactBody(
      { ...contactFormValues(row, 'zh'), name: '  Night shift ', min_interval_s: null },
      true,
    );
    expect(body).toMatchObject({
      name: 'Night shift',
      email_enabled: true,
      min_interval_s: 0,
      language: 'en',
    });
  });

  it('keeps the expiry notice choice: off for a new contact, as stored on edit, sent as set', () => {
    expect(contactFormValues(undefined, 'zh').expiry_notices).toBe(false);
    const values = contactFormValues({ ...row, expiry_notices: true }, 'zh');
    expect(values.expiry_notices).toBe(true);
    expect(contactBody(values, true).expiry_notices).toBe(true);
    expect(contactBody({ ...values, expiry_notices: false }, true).expiry_notices).toBe(false);
  });
});
