import {
  type ContactInput,
  type ContactQuery,
  type ContactRow,
  contactProblem,
  type NoticeChannel,
  type NoticeChannels,
  type NoticeQuery,
  type NoticeRow,
} from '@fleet/contracts';
import { notFound } from '../../platform/auth/access.js';
import type { Scope } from '../../platform/auth/scope.js';
import type { SecretBox } from '../../platform/crypto/secret-box.js';
import { paramError } from '../../platform/http/errors.js';
import { type ListResult, pageWindow } from '../../platform/http/paging.js';
import type { ContactUpdate } from './contact-update.js';
import type {
  ContactRecord,
  ContactsRepository,
  ContactValues,
  NoticeRecord,
} from './contacts.repository.js';

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
  min_interval_s: r.minIntervalS,
  language: r.language,
  enabled: r.enabled,
  remark: r.remark,
  owner_name: r.ownerName,
  trigger_count: r.triggerCount,
  created_at: r.createdAt.toISOString(),
});

const toNoticeRow = (r: NoticeRecord): NoticeRow => ({
  id: r.id,
  contact_id: r.contactId,
  contact_name: r.contactName,
  alarm_id: r.alarmId,
  device_title: r.deviceTitle,
  alarm_type: r.alarmType,
  channel: r.channel as NoticeRow['channel'],
  status: r.status as NoticeRow['status'],
  attempts: r.attempts,
  last_error: r.lastError,
  created_at: r.createdAt.toISOString(),
  sent_at: r.sentAt ? r.sentAt.toISOString() : null,
});

/** The table's values of a validated body; fields left out stay out (PUT keeps them). */
function valuesOf(body: Partial<ContactInput>, box: SecretBox): Partial<ContactValues> {
  const values: Partial<ContactValues> = {};
  if (body.name !== undefined) values.name = body.name;
  if (body.email !== undefined) values.email = body.email;
  if (body.phone !== undefined) values.phone = body.phone;
  if (body.webhook_kind !== undefined) values.webhookKind = body.webhook_kind;
  if (body.webhook_url !== undefined) values.webhookUrl = body.webhook_url;
  // Encrypted at rest (AES-256-GCM, key outside the database); '' stays '' (no secret).
  if (body.webhook_secret !== undefined) values.webhookSecret = box.seal(body.webhook_secret);
  if (body.email_enabled !== undefined) values.emailEnabled = body.email_enabled;
  if (body.webhook_enabled !== undefined) values.webhookEnabled = body.webhook_enabled;
  if (body.min_interval_s !== undefined) values.minIntervalS = body.min_interval_s;
  if (body.language !== undefined) values.language = body.language;
  if (body.enabled !== undefined) values.enabled = body.enabled;
  if (body.remark !== undefined) values.remark = body.remark;
  return values;
}

function checkChannels(c: Parameters<typeof contactProblem>[0]): void {
  const problem = contactProblem(c);
  if (problem) throw paramError(`body.${problem.field}: ${problem.reason}`);
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
      const noticeId = await repo.queueTestNotice(id, channel, clock());
      deps.wake();
      return { notice_id: noticeId };
    },

    async notices(scope: Scope, query: NoticeQuery): Promise<ListResult<NoticeRow>> {
      const { limit, offset } = pageWindow(query);
      const { rows, total } = await repo.listNotices(scope, query, limit, offset);
      return { rows: rows.map(toNoticeRow), total };
    },

    channels(): NoticeChannels {
      return { email: deps.emailConfigured, webhook: true };
    },
  };
}
