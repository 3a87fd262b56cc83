import type { IncomingMessage } from 'node:http';
import { isIPv6 } from 'node:net';
import proxyaddr from 'proxy-addr';

/** Which peers' `X-Forwarded-For` is believed (HTTP_TRUSTED_PROXIES, docs/decisions/0075). */
export type TrustedProxies = (address: string, hop: number) => boolean;

/** Nobody's: the client is the connection's peer, whatever the headers say (the default). */
export const NO_TRUSTED_PROXIES: TrustedProxies = () => false;

/**
 * The trust of a list of addresses and CIDR networks (`10.0.0.0/8`, `fd00::/8`, `127.0.0.1`), compiled by
 * proxy-addr, the library express's `trust proxy` uses. A malformed entry throws (TypeError).
 */
export function trustedProxies(list: readonly string[]): TrustedProxies {
  return list.length === 0 ? NO_TRUSTED_PROXIES : proxyaddr.compile([...list]);
}

const trustOfRequest = new WeakMap<IncomingMessage, TrustedProxies>();

/** Set by `listen` on every request it serves: whose forwarding headers this listener believes. */
export function setTrustedProxies(req: IncomingMessage, trust: TrustedProxies): void {
  if (trust !== NO_TRUSTED_PROXIES) trustOfRequest.set(req, trust);
}

/**
 * The client's address: the connection's peer, unless that peer is a trusted proxy, in which case `X-Forwarded-For`
 * is read from the right, each trusted hop skipped, and the first address not trusted is the client (a client cannot
 * forge its way past a trusted proxy: what it writes stays left of the address the proxy appended). An IPv4-mapped
 * IPv6 address is its IPv4 address.
 */
export function clientAddress(req: IncomingMessage): string {
  const trust = trustOfRequest.get(req);
  const address = trust === undefined ? (req.socket.remoteAddress ?? 'unknown') : proxyaddr(req, trust);
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  return mapped?.[1] ?? address;
}

/**
 * The key of a client's address for every per-client limit (the gateway's refused credentials, docs/decisions/0055; the
 * admin and console sign-in throttles): the client's address (see clientAddress), an IPv6 address by its /64 — one
 * host usually holds a whole /64, so counting single addresses would let it rotate through them.
 */
export function clientAddressKey(req: IncomingMessage): string {
  return addressKey(clientAddress(req));
}

export function addressKey(address: string): string {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (mapped?.[1] !== undefined) return mapped[1];
  if (!isIPv6(address)) return address;
  const [head = '', tail = ''] = address.split('%')[0]?.split('::') ?? [];
  const left = head === '' ? [] : head.split(':');
  const right = tail === '' ? [] : tail.split(':');
  const missing = address.includes('::') ? 8 - left.length - right.length : 0;
  const groups = [...left, ...Array.from({ length: missing }, () => '0'), ...right];
  return `${groups
    .slice(0, 4)
    .map((group) => Number.parseInt(group, 16).toString(16))
    .join(':')}::/64`;
}
