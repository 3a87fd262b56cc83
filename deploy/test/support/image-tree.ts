import { execFileSync } from 'node:child_process';
import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ROOT } from '../build-once';
import { argsOf, envOf, finalStage, readDockerfile } from './dockerfile';

/** The uid and gid the image's processes run as: the Dockerfile's last `USER uid:gid`. The tree's files are not theirs. */
function imageUser(): { uid: number; gid: number } {
  const [user = ''] = argsOf(finalStage(readDockerfile()), 'USER').slice(-1);
  const match = /^(\d+):(\d+)$/.exec(user);
  if (match === null) throw new Error(`Dockerfile: USER ${user} is not numeric uid:gid`);
  return { uid: Number(match[1]), gid: Number(match[2]) };
}

export interface ImageTree {
  /** The folder that is the image's /app. */
  readonly dir: string;
  /** Deletes it. */
  remove(): void;
}

/**
 * The image's file tree, written by the script the Dockerfile runs (scripts/assemble-image-tree.sh) into a temporary
 * folder, then made read-only as a read-only root filesystem would be. Build the workspace first.
 */
export function assembleImageTree(): ImageTree {
  const parent = mkdtempSync(path.join(tmpdir(), 'regapi-image-'));
  // Traversable by the image's user, whom the services run as when the test runs as root.
  chmodSync(parent, 0o755);
  const dir = path.join(parent, 'app');
  execFileSync('bash', [path.join(ROOT, 'scripts/assemble-image-tree.sh'), dir], { cwd: ROOT, stdio: 'inherit' });
  execFileSync('chmod', ['-R', 'a-w', dir]);
  return {
    dir,
    remove() {
      execFileSync('chmod', ['-R', 'u+w', dir]);
      rmSync(parent, { recursive: true, force: true });
    },
  };
}

/** The base image's own `PATH` (Debian's default, which node:*-bookworm-slim keeps). */
const BASE_IMAGE_PATH = '/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin';

/** What a container of the image has before its pod's own variables (which win): the base's PATH, our `ENV`. */
export function imageEnv(): Record<string, string> {
  return { PATH: BASE_IMAGE_PATH, ...envOf(finalStage(readDockerfile())) };
}

/**
 * Options that make a child process run as the image's would: as the image's user when the test runs as root (so the
 * root-owned tree is read-only to it, whatever its modes), with exactly `env` and the tree as its working folder.
 */
export function asImageProcess(
  tree: ImageTree,
  env: Readonly<Record<string, string>>,
): { cwd: string; env: Record<string, string>; uid?: number; gid?: number } {
  const runAsImageUser = process.getuid?.() === 0 ? imageUser() : {};
  return { cwd: tree.dir, env: { ...env }, ...runAsImageUser };
}
