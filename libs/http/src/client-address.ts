import type { IncomingMessage } from 'node:http';
import { isIPv6 } from 'node:net';

/**
 * The key of a client's address for every per-client limit (the gateway's refused credentials, docs/decisions/0055; the
 * admin and console sign-in throttles): the peer address of the connection (no forwarding header is trusted), an IPv4-mapped IPv6 address as its IPv4, and an IPv6 address
 * by its /64 — one host usually holds a whole /64, so counting single addresses would let it rotate through them.
 */
export function clientAddressKey(req: IncomingMessage): string {
  return addressKey(req.socket.remoteAddress ?? 'unknown');
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
