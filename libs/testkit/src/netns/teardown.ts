import { isAlive } from './alive';
import { ip, ipQuiet, ipSync } from './ip-command';
import { HOST_DEVICE_PATTERN, NETNS_PREFIX, parseCreatorAlias, parseNamespaceName } from './naming';

/**
 * Removing a namespace: its processes first (a namespace with a live process outlives `ip netns del`, and keeps its
 * links), then the host-side veths (deleting one end deletes the pair at once, where a deleted namespace's links go
 * later, in a kernel work queue), then the namespace itself.
 */
export async function removeNamespace(name: string, hostDevices: readonly string[]): Promise<void> {
  const pids = await ip(['netns', 'pids', name]).catch(() => '');
  killAll(pids);
  for (const device of hostDevices) await ipQuiet(['link', 'del', device]);
  await ipQuiet(['netns', 'del', name]);
}

/** The same, synchronously: for the `exit` handler of a test process that ends without its afterAll. */
export function removeNamespaceSync(name: string, hostDevices: readonly string[]): void {
  const quiet = (args: readonly string[]): string => {
    try {
      return ipSync(args);
    } catch {
      return '';
    }
  };
  killAll(quiet(['netns', 'pids', name]));
  for (const device of hostDevices) quiet(['link', 'del', device]);
  quiet(['netns', 'del', name]);
}

function killAll(pidList: string): void {
  for (const pid of pidList.split(/\s+/).filter((word) => /^\d+$/.test(word))) {
    try {
      process.kill(Number(pid), 'SIGKILL');
    } catch {
      // Gone between the listing and the kill.
    }
  }
}

/** The names of this harness's namespaces that exist now. */
export async function harnessNamespaces(): Promise<string[]> {
  const listing = await ip(['netns', 'list']);
  return listing
    .split('\n')
    .map((line) => line.split(' ')[0] ?? '')
    .filter((name) => name.startsWith(`${NETNS_PREFIX}-`));
}

/** The host-side links this harness created that exist now, with the pid in their alias. */
export async function harnessHostLinks(): Promise<{ device: string; creator: number | undefined }[]> {
  const parsed: unknown = JSON.parse(await ip(['-j', 'link', 'show']));
  if (!Array.isArray(parsed)) return [];
  const links: { device: string; creator: number | undefined }[] = [];
  for (const entry of parsed as unknown[]) {
    if (typeof entry !== 'object' || entry === null || !('ifname' in entry) || typeof entry.ifname !== 'string') {
      continue;
    }
    if (!HOST_DEVICE_PATTERN.test(entry.ifname)) continue;
    const alias = 'ifalias' in entry && typeof entry.ifalias === 'string' ? entry.ifalias : '';
    links.push({ device: entry.ifname, creator: parseCreatorAlias(alias) });
  }
  return links;
}

/**
 * Removes what earlier runs left when they died without cleaning up (SIGKILL, a crashed jest): namespaces and
 * host links of this harness whose creator process is gone. Another live run's instances are left alone.
 */
export async function sweepStaleNetns(): Promise<{ namespaces: string[]; links: string[] }> {
  const namespaces: string[] = [];
  for (const name of await harnessNamespaces()) {
    const owner = parseNamespaceName(name);
    if (owner === undefined || isAlive(owner.pid)) continue;
    // Its host links go below, by their alias: a slot's device name alone may by now be another live run's.
    await removeNamespace(name, []);
    namespaces.push(name);
  }
  const links: string[] = [];
  for (const { device, creator } of await harnessHostLinks()) {
    if (creator === undefined || isAlive(creator)) continue;
    await ipQuiet(['link', 'del', device]);
    links.push(device);
  }
  return { namespaces, links };
}
