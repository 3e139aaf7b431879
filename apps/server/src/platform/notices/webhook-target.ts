import { lookup as dnsLookup } from 'node:dns/promises';
import { BlockList, isIP } from 'node:net';

/** Resolves a host name to all its addresses (injectable for tests). */
export type HostLookup = (host: string) => Promise<string[]>;

export const systemLookup: HostLookup = async (host) =>
  (await dnsLookup(host, { all: true, verbatim: true })).map((a) => a.address);

/** Loopback, private, link-local, shared, unspecified, multicast and reserved ranges (SSRF). */
const INTERNAL = new BlockList();
for (const [net, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const)
  INTERNAL.addSubnet(net, prefix, 'ipv4');
for (const [net, prefix] of [
  ['::', 128],
  ['::1', 128],
  ['fc00::', 7],
  ['fe80::', 10],
  ['ff00::', 8],
] as const)
  INTERNAL.addSubnet(net, prefix, 'ipv6');

export function isInternalAddress(address: string): boolean {
  const bare = address.replace(/^\[|\]$/g, '');
  // IPv4-mapped IPv6 (::ffff:127.0.0.1) is judged as the IPv4 address it carries.
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(bare);
  if (mapped) return INTERNAL.check(mapped[1]!, 'ipv4');
  const family = isIP(bare);
  if (family === 4) return INTERNAL.check(bare, 'ipv4');
  if (family === 6) return INTERNAL.check(bare, 'ipv6');
  return true;
}

/** A target that will never be allowed: the notice fails at once instead of retrying. */
export class RefusedTarget extends Error {}

/**
 * Refuses a webhook URL whose host is, or resolves to, an internal address, unless allowed.
 * The host name is resolved first so a public-looking name pointing inside is caught too.
 */
export async function checkWebhookTarget(
  url: string,
  allowPrivate: boolean,
  lookup: HostLookup = systemLookup,
): Promise<void> {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    throw new RefusedTarget('webhook URL is not valid');
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:')
    throw new RefusedTarget('webhook URL must be http(s)');
  if (allowPrivate) return;
  const host = parsed.hostname.replace(/^\[|\]$/g, '');
  let addresses: string[];
  try {
    addresses = isIP(host) ? [host] : await lookup(host);
  } catch {
    // Possibly transient: an ordinary failure, retried.
    throw new Error('webhook host does not resolve');
  }
  if (addresses.length === 0 || addresses.some(isInternalAddress))
    throw new RefusedTarget(
      'webhook target is a loopback/private address (set WEBHOOK_ALLOW_PRIVATE=1 to allow)',
    );
}
