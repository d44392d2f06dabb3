import dns from 'node:dns/promises';
import net from 'node:net';

// Where a webhook may go (docs/decisions/008-webhooks.md). A webhook URL is typed by an admin
// and fetched by the server, so it must not reach what only the server can reach: loopback,
// private networks, link-local (cloud metadata at 169.254.169.254), unique-local, CGNAT,
// "this network", multicast and reserved addresses. WEBHOOK_ALLOW_PRIVATE=1 lifts the rule (and
// allows plain http) for tests and local receivers.

const blocked = new net.BlockList();
for (const [network, prefix] of [
  ['0.0.0.0', 8], // "this network"
  ['10.0.0.0', 8],
  ['100.64.0.0', 10], // CGNAT
  ['127.0.0.0', 8],
  ['169.254.0.0', 16], // link-local, cloud metadata
  ['172.16.0.0', 12],
  ['192.0.0.0', 24], // IETF protocol assignments
  ['192.168.0.0', 16],
  ['198.18.0.0', 15], // benchmarking
  ['224.0.0.0', 4], // multicast
  ['240.0.0.0', 4], // reserved, and 255.255.255.255
] as const) {
  blocked.addSubnet(network, prefix, 'ipv4');
}
for (const [network, prefix] of [
  ['::', 128], // unspecified
  ['::1', 128], // loopback
  ['fe80::', 10], // link-local
  ['fec0::', 10], // site-local (deprecated)
  ['fc00::', 7], // unique-local
  ['ff00::', 8], // multicast
  ['2001:db8::', 32], // documentation
] as const) {
  blocked.addSubnet(network, prefix, 'ipv6');
}

/** The IPv4 address inside an IPv4-mapped (::ffff:a.b.c.d), IPv4-compatible or NAT64 IPv6 address. */
function embeddedIpv4(address: string): string | undefined {
  const lower = address.toLowerCase();
  const dotted = lower.match(/^(?:::ffff:|::|64:ff9b::)(\d+\.\d+\.\d+\.\d+)$/)?.[1];
  if (dotted) return dotted;
  // The same in hex: ::ffff:7f00:1 is 127.0.0.1.
  const hex = lower.match(/^(?:::ffff:|64:ff9b::)([0-9a-f]{1,4}):([0-9a-f]{1,4})$/);
  if (!hex?.[1] || !hex[2]) return undefined;
  const high = Number.parseInt(hex[1], 16);
  const low = Number.parseInt(hex[2], 16);
  return [high >> 8, high & 255, low >> 8, low & 255].join('.');
}

/** Whether a literal IP address is one a webhook must never reach. Not an IP at all: true. */
export function isForbiddenAddress(address: string): boolean {
  const family = net.isIP(address);
  if (family === 4) return blocked.check(address, 'ipv4');
  if (family === 6) {
    const v4 = embeddedIpv4(address);
    if (v4 && net.isIPv4(v4)) return blocked.check(v4, 'ipv4');
    return blocked.check(address, 'ipv6');
  }
  return true;
}

/** 'localhost', 'api.localhost' (RFC 6761 sends both to loopback). */
const isLocalhostName = (host: string) => host === 'localhost' || host.endsWith('.localhost');

/** The URL's host without IPv6 brackets or a trailing dot, lowercased. */
export const hostOf = (url: URL) =>
  url.hostname
    .replace(/^\[|\]$/g, '')
    .replace(/\.$/, '')
    .toLowerCase();

export type WebhookUrlProblem = 'invalid' | 'https' | 'credentials' | 'private';

/**
 * The static checks of a webhook URL, at create and update time: http(s) only, https unless
 * private targets are allowed, no user name or password, and no literal private address or
 * 'localhost'. A name that resolves to a private address is caught at delivery time.
 */
export function checkWebhookUrl(
  value: string,
  { allowPrivate }: { allowPrivate: boolean },
): WebhookUrlProblem | undefined {
  if (!URL.canParse(value)) return 'invalid';
  const url = new URL(value);
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return 'invalid';
  if (!url.hostname) return 'invalid';
  if (url.username || url.password) return 'credentials';
  if (allowPrivate) return undefined;
  if (url.protocol !== 'https:') return 'https';
  const host = hostOf(url);
  if (isLocalhostName(host)) return 'private';
  if (net.isIP(host) && isForbiddenAddress(host)) return 'private';
  return undefined;
}

export class ForbiddenTargetError extends Error {}

export type ResolvedTarget = { address: string; family: 4 | 6 };

type Lookup = (host: string) => Promise<Array<{ address: string; family: number }>>;
const systemLookup: Lookup = (host) => dns.lookup(host, { all: true, verbatim: true });

/**
 * Resolves the URL's host (every address) and answers the address to connect to. Unless private
 * targets are allowed, a host with any forbidden address is refused: a name that answers a
 * public and a private address could otherwise be steered to the private one.
 */
export async function resolveWebhookTarget(
  url: URL,
  { allowPrivate, lookup = systemLookup }: { allowPrivate: boolean; lookup?: Lookup },
): Promise<ResolvedTarget> {
  const host = hostOf(url);
  if (!allowPrivate && isLocalhostName(host)) {
    throw new ForbiddenTargetError(`refused: ${host} is a loopback name`);
  }
  const literal = net.isIP(host);
  const addresses = literal ? [{ address: host, family: literal }] : await lookup(host);
  if (addresses.length === 0) throw new Error(`${host} has no address`);
  if (!allowPrivate) {
    const bad = addresses.find((a) => isForbiddenAddress(a.address));
    if (bad) {
      throw new ForbiddenTargetError(
        `refused: ${host} resolves to ${bad.address}, a loopback, private or reserved address`,
      );
    }
  }
  const first = addresses[0] as { address: string; family: number };
  return { address: first.address, family: first.family === 6 ? 6 : 4 };
}
