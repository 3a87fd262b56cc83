import { readdirSync, readFileSync, readlinkSync } from 'node:fs';

/**
 * The TCP ports process `pid` listens on (Linux: its socket inodes in /proc/<pid>/fd matched with the LISTEN rows,
 * state 0A, of /proc/<pid>/net/tcp and tcp6). What a test uses to check a process opens no port it should not.
 */
export function listeningPorts(pid: number): number[] {
  const inodes = new Set<string>();
  for (const fd of readdirSync(`/proc/${pid}/fd`)) {
    try {
      const match = /^socket:\[(\d+)\]$/.exec(readlinkSync(`/proc/${pid}/fd/${fd}`));
      if (match?.[1] !== undefined) inodes.add(match[1]);
    } catch {
      // The descriptor closed between the listing and the read.
    }
  }
  const ports = new Set<number>();
  for (const table of ['tcp', 'tcp6']) {
    for (const line of readFileSync(`/proc/${pid}/net/${table}`, 'utf8').split('\n').slice(1)) {
      const fields = line.trim().split(/\s+/);
      const [local, state, inode] = [fields[1], fields[3], fields[9]];
      if (state !== '0A' || local === undefined || inode === undefined || !inodes.has(inode)) continue;
      ports.add(Number.parseInt(local.split(':')[1] ?? '', 16));
    }
  }
  return [...ports].sort((a, b) => a - b);
}
