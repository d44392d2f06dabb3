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
  ['192.0.2.0', 24], // documentation (TEST-NET-1)
  ['192.88.99.0', 24], // 6to4 relay anycast
  ['192.168.0.0', 16],
  ['198.18.0.0', 15], // benchmarking
  ['198.51.100.0', 24], // documentation (TEST-NET-2)
  ['203.0.113.0', 24], // documentation (TEST-NET-3)
  ['224.0.0.0', 4], // multicast
  ['240.0.0.0', 4], // reserved, and 255.255.255.255
] as const) {
  blocked.addSubnet(network, prefix, 'ipv4');
}
for (const [network, prefix] of [
  ['::', 96], // unspecified, loopback and the deprecated IPv4-compatible form (::a.b.c.d)
  ['64:ff9b:1::', 48], // NAT64 for local use (RFC 8215)
  ['100::', 64], // discard-only
  ['2001::', 23], // IETF protocol assignments, Teredo (2001::/32) among them
  ['2001:db8::', 32], // documentation
  ['fe80::', 10], // link-local
  ['fec0::', 10], // site-local (deprecated)
  ['fc00::', 7], // unique-local
  ['ff00::', 8], // multicast
] as const) {
  blocked.addSubnet(network, prefix, 'ipv6');
}

/** The eight 16-bit groups of an IPv6 address (a zone id dropped), or undefined. */
function ipv6Groups(address: string): number[] | undefined {
  const bare = address.replace(/%.*$/, '').toLowerCase();
  if (net.isIP(bare) !== 6) return undefined;
  let text = bare;
  // A dotted IPv4 tail (::ffff:1.2.3.4) becomes two hex groups.
  const dotted = text.match(/(\d+)\.(\d+)\.(\d+)\.(\d+)$/);
  if (dotted) {
    const [a, b, c, d] = dotted.slice(1).map(Number) as [number, number, number, number];
    text = `${text.slice(0, dotted.index)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head = '', tail] = text.split('::') as [string, string | undefined];
  const parse = (part: string) => (part ? part.split(':').map((g) => Number.parseInt(g, 16)) : []);
  const left = parse(head);
  const right = tail === undefined ? [] : parse(tail);
  const missing = 8 - left.length - right.length;
  const groups = [...left, ...new Array<number>(tail === undefined ? 0 : missing).fill(0), ...right];
  return groups.length === 8 && groups.every((g) => g >= 0 && g <= 0xffff) ? groups : undefined;
}

const ipv4Of = (high: number, low: number) => [high >> 8, high & 255, low >> 8, low & 255].join('.');

/**
 * Every IPv4 address an IPv6 address carries, in any of the forms that reach an IPv4 host:
 * IPv4-compatible (::a.b.c.d, also written ::7f00:1), IPv4-mapped (::ffff:a.b.c.d), SIIT
 * (::ffff:0:a.b.c.d), NAT64 (64:ff9b::/96), 6to4 (2002:AABB:CCDD::/16) and Teredo (2001:0::/32,
 * the server's address and the client's, stored inverted).
 */
function embeddedIpv4s(g: number[]): string[] {
  const [g0, g1, g2, g3, g4, g5, g6, g7] = g as [
    number,
    number,
    number,
    number,
    number,
    number,
    number,
    number,
  ];
  const found: string[] = [];
  const zeros = (...xs: number[]) => xs.every((x) => x === 0);
  if (zeros(g0, g1, g2, g3, g4) && (g5 === 0 || g5 === 0xffff)) found.push(ipv4Of(g6, g7));
  if (zeros(g0, g1, g2, g3) && g4 === 0xffff && g5 === 0) found.push(ipv4Of(g6, g7));
  if (g0 === 0x64 && g1 === 0xff9b && zeros(g2, g3, g4, g5)) found.push(ipv4Of(g6, g7));
  if (g0 === 0x2002) found.push(ipv4Of(g1, g2));
  if (g0 === 0x2001 && g1 === 0) found.push(ipv4Of(g2, g3), ipv4Of(g6 ^ 0xffff, g7 ^ 0xffff));
  return found;
}

/** Whether a literal IP address is one a webhook must never reach. Not an IP at all: true. */
export function isForbiddenAddress(address: string): boolean {
  if (net.isIPv4(address)) return blocked.check(address, 'ipv4');
  const groups = ipv6Groups(address);
  if (!groups) return true;
  const embedded = embeddedIpv4s(groups);
  // An IPv4-mapped address is as good as its IPv4 address (::ffff:8.8.8.8 is 8.8.8.8).
  const isMapped = groups.slice(0, 5).every((x) => x === 0) && groups[5] === 0xffff;
  if (isMapped) return embedded.some((v4) => blocked.check(v4, 'ipv4'));
  if (embedded.some((v4) => blocked.check(v4, 'ipv4'))) return true;
  const canonical = groups.map((x) => x.toString(16)).join(':');
  return blocked.check(canonical, 'ipv6');
}

/** 'localhost', 'api.localhost' (RFC 6761 sends both to loopback). */
const isLocalhostName = (host: string) => host === 'localhost' || host.endsWith('.localhost');

/** The URL's host without IPv6 brackets or a trailing dot, lowercased. */
const hostOf = (url: URL) =>
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

/**
 * A target the rules refuse. Its message names the host and the address it resolved to: for the
 * server log only, never for the delivery log that admins read (it would map internal names).
 */
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
    throw new ForbiddenTargetError(`${host} is a loopback name`);
  }
  const literal = net.isIP(host);
  const addresses = literal ? [{ address: host, family: literal }] : await lookup(host);
  if (addresses.length === 0) throw Object.assign(new Error(`${host} has no address`), { code: 'ENOTFOUND' });
  if (!allowPrivate) {
    const bad = addresses.find((a) => isForbiddenAddress(a.address));
    if (bad) {
      throw new ForbiddenTargetError(
        `${host} resolves to ${bad.address}, a loopback, private or reserved address`,
      );
    }
  }
  const first = addresses[0] as { address: string; family: number };
  return { address: first.address, family: first.family === 6 ? 6 : 4 };
}
