import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * Local stand-ins for the SMS and voice providers (issue 21 "Tests"), speaking their documented APIs
 * on 127.0.0.1 port 0. They verify the request signature with their own implementation of the
 * documented algorithm (not the adapter's), so a wrong key or a signing bug gets the provider's
 * documented authentication answer. `failNext(kind)` makes the next answers throttle, refuse the
 * number, fail on the provider side, or never answer.
 */

export type FailureKind = 'throttle' | 'invalid-number' | 'server-error' | 'http-502' | 'hang';

export interface ProviderServer {
  /** `http://127.0.0.1:<port>` */
  url: string;
  /** Every request that passed the signature check, in arrival order (parameters as received). */
  requests: Array<{ action: string; params: Record<string, unknown> }>;
  /** Requests refused before their action ran (auth, missing parameters), with the code answered. */
  refused: string[];
  /** The next `count` requests (default 1) answer this failure instead of success. */
  failNext(kind: FailureKind, count?: number): void;
  close(): Promise<void>;
}

export function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });
}

export function json(res: ServerResponse, status: number, body: unknown) {
  res.writeHead(status, { 'content-type': 'application/json;charset=utf-8' });
  res.end(JSON.stringify(body));
}

export async function listen(
  handle: (req: IncomingMessage, res: ServerResponse, body: string) => void,
  failures: FailureKind[],
): Promise<{ server: Server; url: string }> {
  const server = createServer((req, res) => {
    readBody(req)
      .then((body) => {
        if (failures[0] === 'hang') {
          failures.shift();
          return; // never answers; close() ends the socket
        }
        if (failures[0] === 'http-502') {
          failures.shift();
          res.writeHead(502, { 'content-type': 'text/html' });
          res.end('<html><body>502 Bad Gateway</body></html>');
          return;
        }
        handle(req, res, body);
      })
      .catch(() => {
        res.writeHead(400);
        res.end();
      });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}` };
}

export function closer(server: Server) {
  return () =>
    new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    });
}

export const digits = (n: number) => Array.from(randomBytes(n), (b) => String(b % 10)).join('');
export const requestId = () => {
  const h = randomBytes(16).toString('hex').toUpperCase();
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`;
};

// ---------------------------------------------------------------------------------------------
// Aliyun RPC (dysmsapi SendSms, dyvmsapi SingleCallByTts), signature version 1.0.

/** RFC 3986 encoding written out by hand (unreserved A-Z a-z 0-9 - _ . ~ stay, the rest %XX). */
export function rfc3986(value: string): string {
  let out = '';
  for (const byte of Buffer.from(value, 'utf8')) {
    const c = String.fromCharCode(byte);
    out += /[A-Za-z0-9\-_.~]/.test(c) ? c : `%${byte.toString(16).toUpperCase().padStart(2, '0')}`;
  }
  return out;
}
