import { lookup as dnsLookup, type LookupAddress, type LookupOptions } from 'node:dns';
import { BlockList, isIP } from 'node:net';
import { parse as legacyParse } from 'node:url';
import type { Env } from '../../env';

/**
 * Where a push may go (issue 29). A subscription's endpoint is a URL a stranger gives, and the server
 * posts to it, so:
 * - it is parsed once (WHATWG `URL`), and refused unless it is already in its canonical form, made of a
 *   strict set of characters, and read the same by Node's legacy `url.parse` (what libraries such as
 *   web-push use): `https://127.0.0.1{.push.apple.com/x` is a push.apple.com host for one and 127.0.0.1
 *   for the other;
 * - its host is a known push service's, on 443 over https (or a host `PUSH_HOSTS` names);
 * - the request is built from that parsed URL (push.ts), never from the text again;
 * - the addresses its name resolves to are checked when the connection is made (`publicLookup`, the
 *   https Agent's `lookup`), and an address written in the URL before: loopback, private, link-local,
 *   shared (100.64/10), reserved and multicast addresses are refused, IPv4 and IPv6 alike.
 * The tests' own push service (an HTTPS server on 127.0.0.1) is reached only because the environment
 * names it: a loopback `address:port` written in PUSH_HOSTS, honoured outside production only.
 */

/**
 * The push services of the browsers in use: FCM (Chrome, Edge, Android; Chromium built without Google's keys,
 * as Linux distributions ship it, subscribes on jmt17.google.com), Mozilla, Apple, Windows.
 */
const PUSH_SERVICES = [/^fcm\.googleapis\.com$/, /^jmt17\.google\.com$/, /^updates\.push\.services\.mozilla\.com$/, /^([a-z0-9-]+\.)*push\.apple\.com$/, /^([a-z0-9-]+\.)*notify\.windows\.com$/];

/**
 * What an endpoint may hold: https, a lower-case host name of letters, digits, dots and dashes (or an
 * IPv4 address), an optional port, then a path and query of unreserved and sub-delimiter characters and
 * %-escapes. Real endpoints (FCM's `…/fcm/send/<token>:APA91b…`, Mozilla's base64url, Windows'
 * `?token=…%2b…`) fit; braces, backslashes, spaces, `#`, `@` before the path, user info and IPv6 do not.
 */
const STRICT = /^https:\/\/[a-z0-9](?:[a-z0-9.-]{0,251}[a-z0-9])?(?::[1-9][0-9]{0,4})?\/[A-Za-z0-9._~!$&'()*+,;=:@%/-]*(?:\?[A-Za-z0-9._~!$&'()*+,;=:@%/?-]*)?$/;

/** Addresses a push never goes to. */
const BLOCKED = new BlockList();
for (const [net, prefix] of [
  ['0.0.0.0', 8], // 'this network', 0.0.0.0 included
  ['10.0.0.0', 8],
  ['100.64.0.0', 10], // shared address space (carrier-grade NAT)
  ['127.0.0.0', 8],
  ['169.254.0.0', 16], // link-local (cloud metadata services)
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.88.99.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 4], // multicast
  ['240.0.0.0', 4], // reserved, broadcast included
] as const)
  BLOCKED.addSubnet(net, prefix, 'ipv4');
for (const [net, prefix] of [
  ['::', 96], // unspecified, loopback, IPv4-compatible
  ['64:ff9b::', 96], // NAT64: an IPv4 address inside
  ['64:ff9b:1::', 48],
  ['100::', 64], // discard
  ['2001::', 32], // Teredo
  ['2001:db8::', 32], // documentation
  ['2002::', 16], // 6to4: an IPv4 address inside
  ['fc00::', 7], // unique local
  ['fe80::', 10], // link-local
  ['fec0::', 10], // site-local (deprecated)
  ['ff00::', 8], // multicast
] as const)
  BLOCKED.addSubnet(net, prefix, 'ipv6');

/** An address on the internet (not this machine, its networks, or a reserved range). */
export function isPublicAddress(address: string): boolean {
  const family = isIP(address);
  if (family === 0) return false;
  if (family === 4) return !BLOCKED.check(address, 'ipv4');
  // IPv4-mapped (::ffff:127.0.0.1, ::ffff:7f00:1): BlockList checks them against the IPv4 ranges
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (mapped) return isPublicAddress(mapped[1]);
  return !BLOCKED.check(address, 'ipv6');
}

/** The tests' push services: loopback `address:port` entries of PUSH_HOSTS, outside production only. */
function localServices(env: Env): Set<string> {
  if (env.NODE_ENV === 'production') return new Set();
  return new Set(env.PUSH_HOSTS.filter((h) => /^127\.\d+\.\d+\.\d+:\d+$/.test(h)));
}

/** An endpoint as it is connected to: what was checked is what is used. */
export interface PushTarget {
  /** the endpoint, canonical (equal to the text stored) */
  endpoint: string;
  /** the VAPID audience: scheme, host and port */
  origin: string;
  hostname: string;
  port: number;
  /** path and query */
  path: string;
  /** the tests' local push service (loopback, named in PUSH_HOSTS) */
  local: boolean;
}

/** The endpoint parsed and checked, or null when it may not be pushed to. */
export function pushTarget(env: Env, endpoint: string): PushTarget | null {
  if (endpoint.length > 1000 || !STRICT.test(endpoint)) return null;
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    return null;
  }
  // canonical: what WHATWG writes back is the text itself (no default port, no dot segments, no case)
  if (url.href !== endpoint || url.protocol !== 'https:' || url.username || url.password || url.hash) return null;
  // and the legacy parser reads the same host, port and path: a library that parses it again goes there too
  const legacy = legacyParse(endpoint);
  if (legacy.protocol !== 'https:' || legacy.hostname !== url.hostname || (legacy.port ?? '') !== url.port || legacy.path !== url.pathname + url.search || legacy.auth) return null;
  const host = url.hostname;
  const port = url.port === '' ? 443 : Number(url.port);
  const local = localServices(env).has(url.host);
  if (!local) {
    const known = url.port === '' && PUSH_SERVICES.some((r) => r.test(host));
    const listed = env.PUSH_HOSTS.includes(url.host) || (url.port === '' && env.PUSH_HOSTS.includes(host));
    if (!known && !listed) return null;
    // an address written in the URL is not looked up: checked here
    if (isIP(host) !== 0 && !isPublicAddress(host)) return null;
  }
  return { endpoint, origin: url.origin, hostname: host, port, path: url.pathname + url.search, local };
}

/**
 * The resolver the push sender's Agent uses; tests point a name at a local address through it
 * (`pushDns.resolve`). The check itself is `publicLookup`, which no configuration turns off.
 */
export const pushDns: {
  resolve: (hostname: string, callback: (err: NodeJS.ErrnoException | null, addresses: LookupAddress[]) => void) => void;
} = {
  resolve: (hostname, callback) => dnsLookup(hostname, { all: true, verbatim: true }, callback),
};

export class RefusedAddress extends Error {
  code = 'EPUSHADDRESS';
}

type LookupCallback = (err: NodeJS.ErrnoException | null, address: string | LookupAddress[], family?: number) => void;

/**
 * The https Agent's `lookup`: resolves the name and refuses the connection when any of its addresses is
 * not public (a name that answers 127.0.0.1 among others is refused whole: which one the socket takes
 * is not ours to know). Checked at connection time, so a name that changes its answer after the
 * subscription was checked (DNS rebinding) still never reaches this machine or its networks.
 */
export function publicLookup(hostname: string, options: LookupOptions, callback: LookupCallback) {
  pushDns.resolve(hostname, (err, addresses) => {
    if (err) return callback(err, '');
    const wanted = options.family === 4 || options.family === 6 ? addresses.filter((a) => a.family === options.family) : addresses;
    const refused = addresses.find((a) => !isPublicAddress(a.address));
    if (refused || wanted.length === 0) return callback(new RefusedAddress(`adresse refusée pour ${hostname} : ${refused?.address ?? 'aucune'}`), '');
    if (options.all) return callback(null, wanted);
    return callback(null, wanted[0].address, wanted[0].family);
  });
}
