import type { SendResult } from './provider.js';

export type Refusal = Extract<SendResult, { accepted: false }>;

export const refuse = (code: string, message: string, retryable: boolean, requestId?: string): Refusal => ({
  accepted: false,
  retryable,
  code,
  message,
  ...(requestId ? { requestId } : {}),
});

/** Removes every occurrence of the secrets from a text that came from outside, and shortens it. */
export function scrub(text: string, secrets: string[]): string {
  let out = text;
  for (const secret of secrets) if (secret.length >= 4) out = out.split(secret).join('***');
  return out.length > 300 ? `${out.slice(0, 300)}…` : out;
}

export interface HttpAnswer {
  status: number;
  json: unknown;
}

/**
 * One POST with a timeout. Network trouble comes back as a retryable Refusal whose message names
 * only the kind of failure (never the URL: it may hold a signature).
 */
export async function post(
  url: string,
  init: { headers: Record<string, string>; body: string },
  timeoutMs: number,
): Promise<HttpAnswer | Refusal> {
  let response: Response;
  try {
    response = await fetch(url, {
      method: 'POST',
      headers: init.headers,
      body: init.body,
      redirect: 'manual',
      signal: AbortSignal.timeout(timeoutMs),
    });
  } catch (error) {
    const name = (error as Error).name;
    if (name === 'TimeoutError' || name === 'AbortError') {
      return refuse('TIMEOUT', `no answer within ${timeoutMs} ms`, true);
    }
    const cause = (error as { cause?: { code?: string } }).cause;
    return refuse('NETWORK', `connection failed${cause?.code ? `: ${cause.code}` : ''}`, true);
  }
  let raw: string;
  try {
    raw = await response.text();
  } catch (error) {
    const name = (error as Error).name;
    if (name === 'TimeoutError' || name === 'AbortError') {
      return refuse('TIMEOUT', `no answer within ${timeoutMs} ms`, true);
    }
    return refuse('NETWORK', 'the answer was cut off', true);
  }
  let json: unknown = null;
  try {
    json = raw ? JSON.parse(raw) : null;
  } catch {
    json = null;
  }
  return { status: response.status, json };
}

export const isRefusal = (x: HttpAnswer | Refusal): x is Refusal => 'accepted' in x;

/** Provider timestamps without a zone are Beijing time (UTC+8). */
export function beijingTime(text: unknown): Date | null {
  if (typeof text !== 'string') return null;
  const m = /^(\d{4}-\d{2}-\d{2})[ T](\d{2}:\d{2}:\d{2})$/.exec(text.trim());
  if (!m) return null;
  const d = new Date(`${m[1]}T${m[2]}+08:00`);
  return Number.isNaN(d.getTime()) ? null : d;
}

/** Unix seconds as a string or number. */
export function unixSeconds(value: unknown): Date | null {
  const n = typeof value === 'string' ? Number(value) : value;
  if (typeof n !== 'number' || !Number.isFinite(n) || n <= 0) return null;
  return new Date(n * 1000);
}
