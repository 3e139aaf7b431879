import { createHmac } from 'node:crypto';
import type { AlarmLogRow, WebhookKind } from '@fleet/contracts';
import type { NoticeText } from './notice-text.js';

export interface WebhookNotice {
  kind: WebhookKind;
  url: string;
  /** DingTalk / Feishu signing secret; '' = unsigned. */
  secret: string;
  text: NoticeText;
  /** The alarm row (null for a test notice): the generic webhook posts it as is. */
  alarm: AlarmLogRow | null;
  now: Date;
}

export interface WebhookRequest {
  url: string;
  body: unknown;
}

/** DingTalk: HmacSHA256(key = secret, `${timestamp}\n${secret}`), base64, in the query (ms timestamp). */
export function dingtalkSign(secret: string, timestampMs: number): string {
  return createHmac('sha256', secret).update(`${timestampMs}\n${secret}`).digest('base64');
}

/** Feishu: HmacSHA256(key = `${timestamp}\n${secret}`, empty message), base64, in the body (s timestamp). */
export function feishuSign(secret: string, timestampS: number): string {
  return createHmac('sha256', `${timestampS}\n${secret}`).update('').digest('base64');
}

const markdownOf = (text: NoticeText) =>
  `### ${text.subject}\n\n${text.lines.map((l) => `- ${l}`).join('\n')}`;
const plainOf = (text: NoticeText) => `${text.subject}\n${text.lines.join('\n')}`;

/** The request each webhook kind expects (docs/api-alarms.md "Contacts and notices"). */
export function webhookRequest(n: WebhookNotice): WebhookRequest {
  switch (n.kind) {
    case 'wecom':
      return { url: n.url, body: { msgtype: 'markdown', markdown: { content: markdownOf(n.text) } } };
    case 'dingtalk': {
      let url = n.url;
      if (n.secret) {
        const timestamp = n.now.getTime();
        const signed = new URL(n.url);
        signed.searchParams.set('timestamp', String(timestamp));
        signed.searchParams.set('sign', dingtalkSign(n.secret, timestamp));
        url = signed.toString();
      }
      return {
        url,
        body: { msgtype: 'markdown', markdown: { title: n.text.subject, text: markdownOf(n.text) } },
      };
    }
    case 'feishu': {
      const body: Record<string, unknown> = { msg_type: 'text', content: { text: plainOf(n.text) } };
      if (n.secret) {
        const timestamp = Math.floor(n.now.getTime() / 1000);
        body.timestamp = String(timestamp);
        body.sign = feishuSign(n.secret, timestamp);
      }
      return { url: n.url, body };
    }
    default:
      return {
        url: n.url,
        body: n.alarm
          ? { event: 'alarm', alarm: n.alarm }
          : { event: 'test', subject: n.text.subject, text: plainOf(n.text) },
      };
  }
}

/** The robots answer 200 with an error code inside: errcode (WeCom, DingTalk) or code (Feishu). */
function robotError(kind: WebhookKind, answer: unknown): string | null {
  if (kind === 'generic') return null;
  const a = (answer ?? {}) as Record<string, unknown>;
  const code = kind === 'feishu' ? (a.code ?? a.StatusCode) : a.errcode;
  if (code === 0) return null;
  const message = kind === 'feishu' ? (a.msg ?? a.StatusMessage) : a.errmsg;
  return `${kind} answered code ${String(code ?? 'missing')}${message ? `: ${String(message).slice(0, 200)}` : ''}`;
}

/**
 * Posts the notice; resolves on success (2xx and, for the robots, code 0), else throws an Error whose
 * message is safe to store: it never carries the URL (its query may hold an access token or a signature).
 */
export async function sendWebhook(n: WebhookNotice, timeoutMs: number): Promise<void> {
  const request = webhookRequest(n);
  let response: Response;
  try {
    response = await fetch(request.url, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(request.body),
      // A redirect could lead to a target the address check never saw.
      redirect: 'manual',
      signal: AbortSignal.timeout(timeoutMs),
    });
  } catch (error) {
    const name = (error as Error).name;
    if (name === 'TimeoutError' || name === 'AbortError') throw new Error(`timeout after ${timeoutMs} ms`);
    const cause = (error as { cause?: { code?: string } }).cause;
    throw new Error(`connection failed${cause?.code ? `: ${cause.code}` : ''}`);
  }
  const raw = await response.text().catch(() => '');
  if (response.status < 200 || response.status >= 300) throw new Error(`HTTP ${response.status}`);
  let answer: unknown = null;
  try {
    answer = raw ? JSON.parse(raw) : null;
  } catch {
    answer = null;
  }
  const problem = robotError(n.kind, answer);
  if (problem) throw new Error(problem);
}
