import {
  type ContactInput,
  type ContactQuery,
  type ContactRow,
  contactProblem,
  type NoticeChannel,
  type NoticeChannels,
} from '@fleet/contracts';
import { notFound } from '../../platform/auth/access.js';
import type { Scope } from '../../platform/auth/scope.js';
import type { SecretBox } from '../../platform/crypto/secret-box.js';
import { fieldError, paramError, userMessage } from '../../platform/http/errors.js';
import { type ListResult, pageWindow } from '../../platform/http/paging.js';
import { isMainland, parsePhone } from '../../platform/notices/sms/phone.js';
import type { ContactUpdate } from './contact-update.js';
import type { ContactRecord, ContactsRepository, ContactValues } from './contacts.repository.js';

const toContactRow = (r: ContactRecord): ContactRow => ({
  id: r.id,
  name: r.name,
  email: r.email,
  phone: r.phone,
  webhook_kind: r.webhookKind,
  webhook_url: r.webhookUrl,
  has_webhook_secret: r.hasWebhookSecret,
  email_enabled: r.emailEnabled,
  webhook_enabled: r.webhookEnabled,
  sms_enabled: r.smsEnabled,
  voice_enabled: r.voiceEnabled,
  expiry_notices: r.expiryNotices,
  min_interval_s: r.minIntervalS,
  storm_cap: r.stormCap,
  storm_window_s: r.stormWindowS,
  escalate_after_min: r.escalateAfterMin,
  language: r.language,
  enabled: r.enabled,
  remark: r.remark,
  owner_name: r.ownerName,
  trigger_count: r.triggerCount,
  created_at: r.createdAt.toISOString(),
});

/** The table's values of a validated body; fields left out stay out (PUT keeps them). */
function valuesOf(body: Partial<ContactInput>, box: SecretBox): Partial<ContactValues> {
  const values: Partial<ContactValues> = {};
  if (body.name !== undefined) values.name = body.name;
  if (body.email !== undefined) values.email = body.email;
  // Stored in E.164 once valid (checkChannels refuses an invalid number first).
  if (body.phone !== undefined) values.phone = body.phone ? (parsePhone(body.phone)?.e164 ?? body.phone) : '';
  if (body.webhook_kind !== undefined) values.webhookKind = body.webhook_kind;
  if (body.webhook_url !== undefined) values.webhookUrl = body.webhook_url;
  // Encrypted at rest (AES-256-GCM, key outside the database); '' stays '' (no secret).
  if (body.webhook_secret !== undefined) values.webhookSecret = box.seal(body.webhook_secret);
  if (body.email_enabled !== undefined) values.emailEnabled = body.email_enabled;
  if (body.webhook_enabled !== undefined) values.webhookEnabled = body.webhook_enabled;
  if (body.sms_enabled !== undefined) values.smsEnabled = body.sms_enabled;
  if (body.voice_enabled !== undefined) values.voiceEnabled = body.voice_enabled;
  if (body.expiry_notices !== undefined) values.expiryNotices = body.expiry_notices;
  if (body.min_interval_s !== undefined) values.minIntervalS = body.min_interval_s;
  if (body.storm_cap !== undefined) values.stormCap = body.storm_cap;
  if (body.storm_window_s !== undefined) values.stormWindowS = body.storm_window_s;
  if (body.escalate_after_min !== undefined) values.escalateAfterMin = body.escalate_after_min;
  if (body.language !== undefined) values.language = body.language;
  if (body.enabled !== undefined) values.enabled = body.enabled;
  if (body.remark !== undefined) values.remark = body.remark;
  return values;
}

function checkChannels(c: Parameters<typeof contactProblem>[0]): void {
  const problem = contactProblem(c);
  if (problem) throw paramError(`body.${problem.field}: ${problem.reason}`);
  if (!c.phone) return;
  // A number is checked whenever given: SMS and voice need one the providers accept.
  const phone = parsePhone(c.phone);
  if (!phone) throw fieldError('body.phone', 'phone.invalid');
  if (c.voice_enabled && !isMainland(phone)) throw fieldError('body.phone', 'phone.voiceMainland');
}

export interface ContactsServiceDeps {
  repo: ContactsRepository;
  clock: () => Date;
  /** Whether SMTP_URL is set. */
  emailConfigured: boolean;
  /** Tells the outbox workers a notice is due (BUS.noticeWake). */
  wake: () => void;
  /** Seals webhook secrets before they are stored. */
  box: SecretBox;
  /** The SMS / voice units a user may still send (null = no limit), from the ledger. */
  remaining: (userId: number, channel: 'sms' | 'voice') => Promise<number | null>;
}

/** Trigger contacts and their delivery log (docs/api-alarms.md "Contacts and notices"). */
export function createContactsService(deps: ContactsServiceDeps) {
  const { repo, clock } = deps;

  const visibleContact = async (scope: Scope, id: number): Promise<ContactRecord> => {
    const contact = await repo.findVisible(scope, id);
    if (!contact) throw notFound('contact not found');
    return contact;
  };

  return {
    async list(scope: Scope, query: ContactQuery): Promise<ListResult<ContactRow>> {
      const { limit, offset } = pageWindow(query);
      const { rows, total } = await repo.list(scope, query, limit, offset);
      return { rows: rows.map(toContactRow), total };
    },

    /** Owned by the caller's data owner, so a sub-account's contacts are its parent's. */
    async create(scope: Scope, body: ContactInput): Promise<ContactRow> {
      checkChannels(body);
      const values = { ...valuesOf(body, deps.box), name: body.name } as ContactValues;
      const id = await repo.insert(scope.dataOwnerId, values, clock());
      return toContactRow((await repo.findVisible(scope, id))!);
    },

    async update(scope: Scope, id: number, body: ContactUpdate): Promise<ContactRow> {
      const current = await visibleContact(scope, id);
      // The channel rules hold for the contact as it will be, not for the patch alone.
      checkChannels({
        email: body.email ?? current.email,
        email_enabled: body.email_enabled ?? current.emailEnabled,
        webhook_kind: body.webhook_kind ?? current.webhookKind,
        webhook_url: body.webhook_url ?? current.webhookUrl,
        webhook_enabled: body.webhook_enabled ?? current.webhookEnabled,
        phone: body.phone ?? current.phone,
        sms_enabled: body.sms_enabled ?? current.smsEnabled,
        voice_enabled: body.voice_enabled ?? current.voiceEnabled,
      });
      await repo.update(id, valuesOf(body, deps.box));
      return toContactRow((await repo.findVisible(scope, id))!);
    },

    async remove(scope: Scope, id: number): Promise<null> {
      await visibleContact(scope, id);
      await repo.remove(id);
      return null;
    },

    /** A test notice through the outbox, whatever the channel switches say (the address is needed). */
    async test(scope: Scope, id: number, channel: NoticeChannel): Promise<{ notice_id: number }> {
      const contact = await visibleContact(scope, id);
      if (channel === 'email' && !contact.email) throw paramError('body.channel: the contact has no e-mail');
      if (channel === 'webhook' && (!contact.webhookUrl || !contact.webhookKind))
        throw paramError('body.channel: the contact has no webhook');
      if (channel === 'sms' || channel === 'voice') {
        if (!contact.phone) throw paramError('body.channel: the contact has no phone number');
        if (!(await repo.providerChannels()).includes(channel))
          throw userMessage('notice.noProvider', { channel });
        // A clear answer now rather than a notice logged as 'no_quota' a moment later.
        if ((await deps.remaining(contact.ownerUserId, channel)) === 0)
          throw userMessage('notice.noQuota', { channel });
      }
      const noticeId = await repo.queueTestNotice(id, channel, clock());
      deps.wake();
      return { notice_id: noticeId };
    },

    async channels(): Promise<NoticeChannels> {
      const providers = await repo.providerChannels();
      return {
        email: deps.emailConfigured,
        webhook: true,
        sms: providers.includes('sms'),
        voice: providers.includes('voice'),
      };
    },
  };
}
