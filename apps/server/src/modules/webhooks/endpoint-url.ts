import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import { BlockList, isIP } from 'node:net';
import { WEBHOOK_MESSAGES, WEBHOOK_URL_MAX } from '@lp/domain';

/**
 * Where a webhook may be sent (decision 0029, "SSRF"). In production only `https` to public
 * addresses: the URL is checked when it is registered, and every address its host resolves to is
 * checked again when each request is made, by the lookup the connection itself uses, so DNS cannot
 * point a registered name inside between the check and the connection. Outside production plain
 * `http` and any address (localhost) are allowed, so tests and local development can receive.
 */
export interface UrlPolicy {
  production: boolean;
}

/** Addresses a webhook never reaches in production. */
const BLOCKED = new BlockList();
for (const [net, prefix] of [
  ['0.0.0.0', 8], // "this network", unspecified
  ['10.0.0.0', 8], // private
  ['100.64.0.0', 10], // carrier-grade NAT
  ['127.0.0.0', 8], // loopback
  ['169.254.0.0', 16], // link-local (cloud metadata services)
  ['172.16.0.0', 12], // private
  ['192.0.0.0', 24], // IETF protocol assignments
  ['192.0.2.0', 24], // documentation
  ['192.88.99.0', 24], // 6to4 relay
  ['192.168.0.0', 16], // private
  ['198.18.0.0', 15], // benchmarking
  ['198.51.100.0', 24], // documentation
  ['203.0.113.0', 24], // documentation
  ['224.0.0.0', 4], // multicast
  ['240.0.0.0', 4], // reserved, broadcast
] as const)
  BLOCKED.addSubnet(net, prefix, 'ipv4');
for (const [net, prefix] of [
  ['::', 96], // unspecified, loopback and IPv4-compatible (::a.b.c.d)
  ['64:ff9b::', 96], // NAT64: reaches an IPv4 address through a gateway
  ['64:ff9b:1::', 48], // local-use NAT64
  ['100::', 64], // discard
  ['2001::', 32], // Teredo
  ['2001:db8::', 32], // documentation
  ['2002::', 16], // 6to4: embeds an IPv4 address
  ['fc00::', 7], // unique local
  ['fe80::', 10], // link-local
  ['fec0::', 10], // site-local (deprecated)
  ['ff00::', 8], // multicast
] as const)
  BLOCKED.addSubnet(net, prefix, 'ipv6');

/** Whether an address (IPv4 or IPv6, brackets allowed) is one a webhook must not reach in production. */
export function isBlockedAddress(address: string): boolean {
  const a = address.replace(/^\[|\]$/g, '');
  const family = isIP(a);
  if (family === 4) return BLOCKED.check(a, 'ipv4');
  if (family === 6) {
    // ::ffff:10.0.0.1 is 10.0.0.1 to the kernel: BlockList judges IPv4-mapped addresses (in either
    // spelling) by the IPv4 rules; the dotted spelling is checked here as well. (A ::ffff:0:0/96
    // rule is not added: BlockList would then match every IPv4 address against it.)
    const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(a);
    if (mapped && BLOCKED.check(mapped[1]!, 'ipv4')) return true;
    return BLOCKED.check(a, 'ipv6');
  }
  return true; // not an address at all
}

/** Host names that are internal by definition, refused in production without asking DNS. */
const INTERNAL_NAMES = /(^|\.)(localhost|local|internal|localdomain|home\.arpa)$/i;

/**
 * Checks a URL given at registration; answers it normalised (WHATWG URL serialisation) or the
 * person's reason it is refused.
 */
export function checkEndpointUrl(raw: string, policy: UrlPolicy): { url: string } | { error: string } {
  if (raw.length > WEBHOOK_URL_MAX) return { error: WEBHOOK_MESSAGES.urlTooLong };
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return { error: WEBHOOK_MESSAGES.urlInvalid };
  }
  const schemes = policy.production ? ['https:'] : ['https:', 'http:'];
  if (!schemes.includes(url.protocol))
    return { error: WEBHOOK_MESSAGES.urlScheme(policy.production ? 'https://' : 'https:// or http://') };
  if (url.username || url.password) return { error: WEBHOOK_MESSAGES.urlCredentials };
  if (!url.hostname) return { error: WEBHOOK_MESSAGES.urlInvalid };
  if (policy.production) {
    const host = url.hostname.replace(/^\[|\]$/g, '');
    if (isIP(host) ? isBlockedAddress(host) : INTERNAL_NAMES.test(host.replace(/\.$/, '')))
      return { error: WEBHOOK_MESSAGES.urlPrivate };
  }
  const normalised = url.toString();
  if (normalised.length > WEBHOOK_URL_MAX) return { error: WEBHOOK_MESSAGES.urlTooLong };
  return { url: normalised };
}

export class BlockedAddressError extends Error {
  readonly code = 'EWEBHOOKBLOCKED';
  constructor(host: string) {
    super(`${host} resolves to a private, loopback or otherwise internal address; not sent.`);
  }
}

type LookupCallback = (error: NodeJS.ErrnoException | null, address: string | LookupAddress[], family?: number) => void;

/**
 * The `lookup` given to the connection in production: resolves every address of the host and
 * refuses the connection when any of them is internal, then hands the connection only checked
 * addresses. Node calls it for host names (never for an IP literal, which `sendTarget` checks).
 */
export function guardedLookup(
  hostname: string,
  options: { all?: boolean; family?: number | string },
  callback: LookupCallback,
): void {
  dnsLookup(hostname, { all: true, verbatim: true }, (error, addresses) => {
    if (error) return callback(error, []);
    if (addresses.length === 0 || addresses.some((a) => isBlockedAddress(a.address)))
      return callback(new BlockedAddressError(hostname), []);
    const wanted =
      options.family === 4 || options.family === 6 ? addresses.filter((a) => a.family === options.family) : addresses;
    if (options.all) return callback(null, wanted);
    const first = wanted[0];
    if (!first) return callback(new BlockedAddressError(hostname), []);
    callback(null, first.address, first.family);
  });
}

/**
 * Re-checks a stored URL at send time (the policy may be stricter than when it was registered) and,
 * for an IP literal host, its address (Node connects to a literal without a lookup): null when it
 * may be sent to, else why not.
 */
export function refusalAtSend(url: URL, policy: UrlPolicy): string | null {
  if (!policy.production) return null;
  if (url.protocol !== 'https:') return 'Only https URLs are sent to.';
  // A name is judged by what it resolves to, by the connection's own lookup (guardedLookup).
  const host = url.hostname.replace(/^\[|\]$/g, '');
  if (isIP(host) && isBlockedAddress(host)) return new BlockedAddressError(host).message;
  return null;
}
