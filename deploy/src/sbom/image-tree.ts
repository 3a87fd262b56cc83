import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

/** The repository (from deploy/src/sbom or deploy/dist/sbom alike). */
export const ROOT = path.resolve(__dirname, '..', '..', '..');

/**
 * Runs `use` on the image's /app tree: `treeDir` when given (an image's files, copied out of it), else one the
 * Dockerfile's own script (scripts/assemble-image-tree.sh) assembles from this built workspace into a temporary folder,
 * deleted afterwards.
 */
export async function withImageTree<T>(treeDir: string | undefined, use: (dir: string) => Promise<T>): Promise<T> {
  if (treeDir !== undefined) return use(treeDir);
  const parent = mkdtempSync(path.join(tmpdir(), 'regapi-sbom-'));
  try {
    const dir = path.join(parent, 'app');
    // Its output goes to stderr: stdout may be the document.
    execFileSync('bash', [path.join(ROOT, 'scripts', 'assemble-image-tree.sh'), dir], {
      cwd: ROOT,
      stdio: ['ignore', 2, 2],
    });
    return await use(dir);
  } finally {
    rmSync(parent, { recursive: true, force: true });
  }
}
