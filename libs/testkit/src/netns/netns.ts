import type { SpawnOptions } from 'node:child_process';
import { type Spawned, spawnCaptured } from '../child-process';
import { createTcpProxy, type TcpProxy } from '../tcp-proxy';
import { onProcessExit } from './exit-cleanup';
import { IP_BINARY, IpCommandError, ip, ipBatch, ipQuiet } from './ip-command';
import { type LinkPostgres, type LinkPostgresOptions, startLinkPostgres } from './link-postgres';
import {
  creatorAlias,
  firstSlot,
  LINK_NAMES,
  linkFor,
  type NetnsLink,
  type NetnsLinkName,
  namespaceName,
  SLOT_COUNT,
} from './naming';
import { sweepStaleFaultHarness } from './sweep';
import { removeNamespace, removeNamespaceSync } from './teardown';

/** Where a forwarder on a link's host address lets the namespace reach a server on the host's loopback. */
export interface NetnsForward {
  /** Address and port for a process inside the namespace. */
  readonly host: string;
  readonly port: number;
}

/**
 * A network namespace standing for another machine: a process spawned in it reaches the host only over two links
 * ("db" to a dedicated PostgreSQL, "net" to the broker and HTTP servers through forwarders), and each link can be cut
 * the way a partition or a lost node cuts it: every packet dropped in both directions, no FIN, no RST, no ICMP, and
 * both kernels left to find out through their own timeouts and keepalives.
 */
export interface Netns {
  readonly name: string;
  readonly links: Readonly<Record<NetnsLinkName, NetnsLink>>;
  /**
   * Runs a command inside the namespace (`ip netns exec`, which execs in place: `child.pid` is the command's own, so
   * SIGKILL, SIGSTOP and SIGCONT reach the real process). Killed at `destroy` if still running.
   */
  spawn(command: string, args: readonly string[], options?: SpawnOptions): Spawned;
  /** Drops every packet on `link` from now on, both ways. Connections stay open on both sides until they time out. */
  cut(link: NetnsLinkName): Promise<void>;
  /** Lets packets through again; connections that survived the cut carry on. */
  heal(link: NetnsLinkName): Promise<void>;
  /** A forwarder on the "net" link's host address to `host:port` (a RabbitMQ, an HTTP server on the loopback). */
  forward(port: number, host?: string): Promise<NetnsForward>;
  /** A dedicated PostgreSQL listening on the "db" link's host address (see LinkPostgres); stopped at `destroy`. */
  startPostgres(options?: LinkPostgresOptions): Promise<LinkPostgres>;
  /** Stops what the namespace started, kills its processes, removes its links and itself. Safe to call twice. */
  destroy(): Promise<void>;
}

/** The namespace's device that swallows what it is given (ifb drops what no traffic-control redirect sent it). */
const SINK_DEVICE = 'sink0';
/** Rule preferences of the cut links' ingress blackholes; the local table's rule is moved after them. */
const CUT_RULE_PREF: Record<NetnsLinkName, number> = { db: 10, net: 11 };
const LOCAL_RULE_PREF = 100;

let instances = 0;

/**
 * Creates a namespace with its two links. Sweeps first what crashed earlier runs left. Requires root and iproute2
 * (scripts/test-all.sh makes sure of both); fails loudly rather than skipping when namespaces cannot be made.
 */
export async function createNetns(): Promise<Netns> {
  await sweepStaleFaultHarness();
  const { name, slot } = await claimSlot();
  const links = { db: linkFor(slot, 'db'), net: linkFor(slot, 'net') };
  const hostDevices = LINK_NAMES.map((link) => links[link].hostDevice);
  const unregister = onProcessExit(() => removeNamespaceSync(name, hostDevices));
  const children = new Set<Spawned>();
  const forwarders: TcpProxy[] = [];
  const servers: LinkPostgres[] = [];
  const cut = new Set<NetnsLinkName>();
  let destroyed: Promise<void> | undefined;

  const destroy = (): Promise<void> => {
    destroyed ??= (async () => {
      for (const server of servers) await server.stop();
      for (const forwarder of forwarders) await forwarder.close();
      await removeNamespace(name, hostDevices);
      // Also by handle: one spawned just now may not have entered the namespace when its processes were listed.
      for (const { child } of children) if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
      // The kill was by pid; this waits until node has reaped them, so jest sees no handle left.
      await Promise.all([...children].map((child) => child.exited));
      unregister();
    })();
    return destroyed;
  };

  try {
    await configure(name, links);
  } catch (error: unknown) {
    await destroy();
    throw error;
  }

  return {
    name,
    links,
    spawn(command, args, options = {}) {
      const child = spawnCaptured(IP_BINARY, ['netns', 'exec', name, command, ...args], options);
      children.add(child);
      return child;
    },
    async cut(link) {
      if (cut.has(link)) return;
      const { hostIp, nsIp, nsDevice } = links[link];
      // One batch, so both directions go together.
      await ipBatch(
        [
          // In: packets arriving on the link match a blackhole rule before any table: dropped, and since the
          // namespace does not forward, without the ICMP an unreachable route would send back.
          ['rule', 'add', 'pref', String(CUT_RULE_PREF[link]), 'iif', nsDevice, 'blackhole'],
          // Out: the namespace's packets to the host go to the sink, which drops them and reports success. A route
          // blackhole or a missing route would fail the sender's send/connect at once (EINVAL, ENETUNREACH): a lost
          // peer makes connect() time out instead, and so does this.
          ['route', 'replace', `${hostIp}/32`, 'dev', SINK_DEVICE, 'src', nsIp],
        ],
        name,
      );
      cut.add(link);
    },
    async heal(link) {
      if (!cut.has(link)) return;
      await ipBatch(
        [
          ['route', 'del', `${links[link].hostIp}/32`, 'dev', SINK_DEVICE],
          ['rule', 'del', 'pref', String(CUT_RULE_PREF[link])],
        ],
        name,
      );
      cut.delete(link);
    },
    async forward(port, host = '127.0.0.1') {
      const forwarder = await createTcpProxy({ host, port }, { listenHost: links.net.hostIp });
      forwarders.push(forwarder);
      return { host: links.net.hostIp, port: forwarder.port };
    },
    async startPostgres(options = {}) {
      const server = await startLinkPostgres(links.db, options);
      servers.push(server);
      return server;
    },
    destroy,
  };
}

/**
 * Creates the namespace and the "db" link's veth in a free slot. The veth's host-side name is the claim: when
 * another run holds the slot (or a stray link of that name exists), `ip link add` says "File exists" and the next
 * slot is tried. Slots whose subnets some other interface of the host already uses are skipped.
 */
async function claimSlot(): Promise<{ name: string; slot: number }> {
  const inUse = await ip(['-o', '-4', 'addr', 'show']);
  const start = firstSlot(process.pid, instances++);
  for (let attempt = 0; attempt < SLOT_COUNT; attempt++) {
    const slot = (start + attempt) % SLOT_COUNT;
    if (LINK_NAMES.some((link) => inUse.includes(` ${linkFor(slot, link).hostIp}/`))) continue;
    const name = namespaceName(process.pid, slot);
    try {
      await ipBatch([
        ['netns', 'add', name],
        // The peers are created inside the namespace: no moment when both ends sit on the host.
        ...LINK_NAMES.flatMap((link) => {
          const { hostDevice, nsDevice } = linkFor(slot, link);
          return [
            ['link', 'add', hostDevice, 'type', 'veth', 'peer', 'name', nsDevice, 'netns', name],
            ['link', 'set', 'dev', hostDevice, 'alias', creatorAlias(process.pid)],
          ];
        }),
      ]);
      return { name, slot };
    } catch (error: unknown) {
      await removeNamespace(name, []);
      // Only the links this attempt made carry our alias; a taken slot's device is someone else's.
      for (const link of LINK_NAMES) await removeOwnLink(linkFor(slot, link).hostDevice);
      if (error instanceof IpCommandError && error.alreadyExists) continue;
      throw error;
    }
  }
  throw new Error(`no free slot for a fault namespace in 10.213.0.0/16 (${SLOT_COUNT} tried)`);
}

async function removeOwnLink(device: string): Promise<void> {
  const alias = await ip(['-j', 'link', 'show', 'dev', device]).catch(() => '');
  if (alias.includes(`"${creatorAlias(process.pid)}"`)) await ipQuiet(['link', 'del', device]);
}

async function configure(name: string, links: Readonly<Record<NetnsLinkName, NetnsLink>>): Promise<void> {
  await ipBatch(
    LINK_NAMES.flatMap((link) => [
      ['addr', 'add', `${links[link].hostIp}/30`, 'dev', links[link].hostDevice],
      ['link', 'set', 'dev', links[link].hostDevice, 'up'],
    ]),
  );
  await ipBatch(
    [
      ['link', 'set', 'lo', 'up'],
      ...LINK_NAMES.flatMap((link) => [
        ['addr', 'add', `${links[link].nsIp}/30`, 'dev', links[link].nsDevice],
        ['link', 'set', 'dev', links[link].nsDevice, 'up'],
      ]),
      ['link', 'add', SINK_DEVICE, 'type', 'ifb'],
      ['link', 'set', 'dev', SINK_DEVICE, 'up'],
      // The local table's rule comes first (preference 0) and would deliver a cut link's packets before any rule of
      // ours: in this namespace only, it moves behind the cut rules.
      ['rule', 'add', 'pref', String(LOCAL_RULE_PREF), 'lookup', 'local'],
      ['rule', 'del', 'pref', '0', 'lookup', 'local'],
    ],
    name,
  );
  // Permanent neighbours, so a cut stays silent: while cut, the namespace answers no ARP, and a host entry gone
  // FAILED makes the host's kernel report "host unreachable" to its own sockets, which no lost peer would do.
  const hostMacs = await macAddresses();
  const nsMacs = await macAddresses(name);
  const neighbour = (ipAddress: string, mac: string | undefined, device: string): string[] => {
    if (mac === undefined) throw new Error(`no MAC address for ${device}`);
    return ['neigh', 'replace', ipAddress, 'lladdr', mac, 'dev', device, 'nud', 'permanent'];
  };
  await ipBatch(
    LINK_NAMES.map((link) => neighbour(links[link].nsIp, nsMacs.get(links[link].nsDevice), links[link].hostDevice)),
  );
  await ipBatch(
    LINK_NAMES.map((link) => neighbour(links[link].hostIp, hostMacs.get(links[link].hostDevice), links[link].nsDevice)),
    name,
  );
}

/** Interface name → MAC address, on the host or in `namespace`. */
async function macAddresses(namespace?: string): Promise<Map<string, string>> {
  const where = namespace === undefined ? [] : ['-n', namespace];
  const parsed: unknown = JSON.parse(await ip([...where, '-j', 'link', 'show']));
  const macs = new Map<string, string>();
  for (const entry of Array.isArray(parsed) ? (parsed as unknown[]) : []) {
    if (typeof entry !== 'object' || entry === null) continue;
    if (
      'ifname' in entry &&
      typeof entry.ifname === 'string' &&
      'address' in entry &&
      typeof entry.address === 'string'
    ) {
      macs.set(entry.ifname, entry.address);
    }
  }
  return macs;
}
