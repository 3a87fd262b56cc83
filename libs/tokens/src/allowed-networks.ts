import { BlockList, isIPv4, isIPv6 } from 'node:net';
import ipaddr from 'ipaddr.js';

/**
 * A token's IP allow-list (docs/decisions/0074): up to 32 networks, IPv4 or IPv6, in CIDR notation as PostgreSQL's
 * `cidr` stores them. The console validates what a customer types with `parseAllowedNetworks`; the gateway matches a
 * connection's address with `allowedNetworkMatcher` (node's BlockList, no hand-written prefix arithmetic on the path
 * of every request).
 */
export const MAX_ALLOWED_NETWORKS = 32;

/** One refused line of an allow-list, in pt-BR, naming the line as typed. */
export interface NetworkProblem {
  readonly entry: string;
  readonly message: string;
}

export type AllowedNetworksResult =
  | { readonly ok: true; readonly networks: readonly string[] | null }
  | { readonly ok: false; readonly problems: readonly NetworkProblem[] };

/**
 * An allow-list typed one network per line (blank lines ignored; commas and spaces separate too). A bare address is
 * that one host (/32 or /128). A network with host bits set (`10.0.0.1/24`) is refused, naming the network meant
 * (`10.0.0.0/24`): PostgreSQL's `cidr` refuses it too, and silently widening or narrowing it would change what the
 * customer allowed. An IPv4-mapped IPv6 address is refused: the IPv4 form is what the gateway compares. Nothing typed:
 * null, any address.
 */
export function parseAllowedNetworks(text: string): AllowedNetworksResult {
  const entries = text
    .split(/[\s,;]+/)
    .map((entry) => entry.trim())
    .filter((entry) => entry !== '');
  if (entries.length === 0) return { ok: true, networks: null };
  const problems: NetworkProblem[] = [];
  const networks: string[] = [];
  for (const entry of entries) {
    const parsed = parseNetwork(entry);
    if (typeof parsed === 'string') {
      if (!networks.includes(parsed)) networks.push(parsed);
    } else problems.push(parsed);
  }
  if (networks.length > MAX_ALLOWED_NETWORKS) {
    problems.push({
      entry: '',
      message: `No máximo ${MAX_ALLOWED_NETWORKS} redes por token (foram ${networks.length}).`,
    });
  }
  return problems.length > 0 ? { ok: false, problems } : { ok: true, networks };
}

/**
 * `a.b.c.d`, `a.b.c.d/n`, an IPv6 address with or without `/n`: the network in canonical CIDR (RFC 5952 for IPv6),
 * or the problem. Node's `isIPv4`/`isIPv6` decide what is an address (strict dotted decimal: ipaddr.js alone would take
 * `127.1` and hex forms); ipaddr.js does the masking and the canonical text.
 */
export function parseNetwork(entry: string): string | NetworkProblem {
  const slash = entry.indexOf('/');
  const address = slash === -1 ? entry : entry.slice(0, slash);
  const prefixText = slash === -1 ? undefined : entry.slice(slash + 1);
  const family = isIPv4(address) ? 4 : isIPv6(address) && !address.includes('%') ? 6 : undefined;
  if (family === undefined) {
    return { entry, message: `"${entry}" não é um endereço IPv4 ou IPv6 nem uma rede (ex.: 203.0.113.0/24).` };
  }
  const bits = family === 4 ? 32 : 128;
  if (prefixText !== undefined && !/^(0|[1-9][0-9]{0,2})$/.test(prefixText)) {
    return { entry, message: `"${entry}": o prefixo depois da barra deve ser um número de 0 a ${bits}.` };
  }
  const prefix = prefixText === undefined ? bits : Number(prefixText);
  if (prefix > bits) return { entry, message: `"${entry}": o prefixo de uma rede IPv${family} vai de 0 a ${bits}.` };
  const parsed = ipaddr.parse(address);
  if (parsed.kind() === 'ipv6' && ipaddr.IPv6.parse(address).isIPv4MappedAddress()) {
    return { entry, message: `"${entry}" é um endereço IPv4 escrito como IPv6: escreva-o como IPv4.` };
  }
  const network =
    family === 4
      ? ipaddr.IPv4.networkAddressFromCIDR(`${address}/${prefix}`)
      : ipaddr.IPv6.networkAddressFromCIDR(`${address}/${prefix}`);
  const canonical = `${network instanceof ipaddr.IPv6 ? network.toRFC5952String() : network.toString()}/${prefix}`;
  if (network.toByteArray().some((byte, index) => byte !== parsed.toByteArray()[index])) {
    return { entry, message: `"${entry}" tem bits de host depois do prefixo: a rede é ${canonical}.` };
  }
  return canonical;
}

/**
 * Whether an address may use a token with this allow-list; null allows any. The address is the connection's own
 * (`socket.remoteAddress`); an IPv4-mapped IPv6 address (`::ffff:203.0.113.7`, a dual-stack listener) counts as its
 * IPv4 address. Build it once per allow-list: the BlockList is the compiled form.
 */
export function allowedNetworkMatcher(networks: readonly string[] | null): (address: string) => boolean {
  if (networks === null) return () => true;
  const list = new BlockList();
  for (const network of networks) {
    const slash = network.indexOf('/');
    const address = slash === -1 ? network : network.slice(0, slash);
    const type = isIPv4(address) ? 'ipv4' : 'ipv6';
    const prefix = slash === -1 ? (type === 'ipv4' ? 32 : 128) : Number(network.slice(slash + 1));
    list.addSubnet(address, prefix, type);
  }
  return (remote) => {
    const address = connectionAddress(remote);
    if (isIPv4(address)) return list.check(address, 'ipv4');
    if (isIPv6(address)) return list.check(address, 'ipv6');
    return false;
  };
}

/** `::ffff:a.b.c.d` → `a.b.c.d`; an IPv6 zone (`%eth0`) dropped; anything else as is. */
export function connectionAddress(remote: string): string {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(remote);
  if (mapped?.[1] !== undefined) return mapped[1];
  const zone = remote.indexOf('%');
  return zone === -1 ? remote : remote.slice(0, zone);
}
