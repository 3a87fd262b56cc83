// `pnpm release:pin <version> <sha256:digest> [--k8s DIR]`: what a release writes into git (decision 0133): our image
// by tag and digest in every overlay a release deploys. .github/workflows/image.yml runs it with the digest it pushed
// and opens the pull request whose merge deploys the release.
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { K8S_DIR } from '../k8s/render';
import { pinImage, REGAPI_IMAGE, RELEASE_OVERLAYS } from './pin-image';

function main(): void {
  const { values, positionals } = parseArgs({ options: { k8s: { type: 'string' } }, allowPositionals: true });
  const [version, digest] = positionals;
  if (version === undefined || digest === undefined || positionals.length !== 2) {
    console.error('usage: pnpm release:pin <version> <sha256:digest> [--k8s DIR]');
    process.exitCode = 64;
    return;
  }
  for (const overlay of RELEASE_OVERLAYS) {
    const file = path.join(values.k8s ?? K8S_DIR, 'overlays', overlay, 'kustomization.yaml');
    writeFileSync(file, pinImage(readFileSync(file, 'utf8'), { name: REGAPI_IMAGE, tag: version, digest }));
    console.log(`${path.relative(process.cwd(), file)}: ${REGAPI_IMAGE}:${version}@${digest}`);
  }
}

main();
