// URLs that members give us and that the server then fetches (a push endpoint today; webhooks
// later): never to loopback, private, link-local, carrier-grade NAT, multicast, reserved or cloud
// metadata addresses, and only over https, unless ALLOW_PRIVATE_OUTBOUND_URLS=true (development
// and tests, whose receivers listen on 127.0.0.1). Checked when the URL is given and again, after
// a fresh DNS lookup, right before each request (a name may resolve elsewhere later).
import { lookup } from 'node:dns/promises';
import ipaddr from 'ipaddr.js';

export const OUTBOUND_MESSAGES = {
  invalid: 'Enter a full URL, such as https://push.example.com/…',
  https: 'The address must use https.',
  private: 'This address points to a private or reserved network and cannot be used.',
  unresolvable: 'This address’s host name could not be found.',
} as const;

export class OutboundUrlError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'OutboundUrlError';
  }
}

/** Every range a member's URL may not reach: ipaddr.js's names for them. */
const PUBLIC_RANGE = 'unicast';

/** Whether an address is on the public internet (IPv4-mapped IPv6 judged as its IPv4). */
export function isPublicAddress(address: string): boolean {
  if (!ipaddr.isValid(address)) return false;
  let parsed = ipaddr.parse(address);
  if (parsed.kind() === 'ipv6' && (parsed as ipaddr.IPv6).isIPv4MappedAddress()) parsed = (parsed as ipaddr.IPv6).toIPv4Address();
  return parsed.range() === PUBLIC_RANGE;
}

export type Resolver = (host: string) => Promise<string[]>;
const dnsResolver: Resolver = async (host) => (await lookup(host, { all: true, verbatim: true })).map((a) => a.address);

/**
 * Parses and checks a member's URL; throws OutboundUrlError with a message for the member. Every
 * address the host name resolves to must be public (a name with one private address is refused).
 */
export async function checkOutboundUrl(raw: string, opts: { allowPrivate: boolean; resolve?: Resolver }): Promise<URL> {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new OutboundUrlError(OUTBOUND_MESSAGES.invalid);
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') throw new OutboundUrlError(OUTBOUND_MESSAGES.invalid);
  if (url.username || url.password) throw new OutboundUrlError(OUTBOUND_MESSAGES.invalid);
  if (opts.allowPrivate) return url;
  if (url.protocol !== 'https:') throw new OutboundUrlError(OUTBOUND_MESSAGES.https);
  const host = url.hostname.replace(/^\[|\]$/g, '');
  let addresses: string[];
  if (ipaddr.isValid(host)) addresses = [host];
  else {
    try {
      addresses = await (opts.resolve ?? dnsResolver)(host);
    } catch {
      throw new OutboundUrlError(OUTBOUND_MESSAGES.unresolvable);
    }
  }
  if (addresses.length === 0) throw new OutboundUrlError(OUTBOUND_MESSAGES.unresolvable);
  if (!addresses.every(isPublicAddress)) throw new OutboundUrlError(OUTBOUND_MESSAGES.private);
  return url;
}
