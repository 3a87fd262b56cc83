// `pnpm sbom [--tree DIR] [--out FILE] [--version V]`: the CycloneDX SBOM of what the image ships (decision 0133).
// DIR is an image's /app (copied out of it, as .github/workflows/image.yml does); without it the tree is assembled
// from this workspace by scripts/assemble-image-tree.sh. The document is checked against the CycloneDX schema before
// it is written (to FILE, else stdout); SOURCE_DATE_EPOCH, when set, is its timestamp.
import { randomUUID } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { bomSchemaErrors, buildBom } from './bom';
import { ROOT, withImageTree } from './image-tree';
import { lockfileIntegrity } from './lockfile-integrity';
import { readShippedTree } from './shipped-tree';

function timestamp(): Date {
  const epoch = process.env.SOURCE_DATE_EPOCH;
  return epoch === undefined || epoch === '' ? new Date() : new Date(Number(epoch) * 1000);
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: { tree: { type: 'string' }, out: { type: 'string' }, version: { type: 'string' } },
  });
  const json = await withImageTree(values.tree, async (dir) =>
    buildBom(readShippedTree(dir), {
      integrity: lockfileIntegrity(path.join(ROOT, 'pnpm-lock.yaml')),
      timestamp: timestamp(),
      serialNumber: `urn:uuid:${randomUUID()}`,
      ...(values.version === undefined ? {} : { version: values.version }),
    }),
  );
  const errors = await bomSchemaErrors(json);
  if (errors !== null) {
    console.error(`sbom: the document fails the CycloneDX schema: ${JSON.stringify(errors, null, 2)}`);
    process.exitCode = 1;
    return;
  }
  if (values.out === undefined) {
    process.stdout.write(json);
  } else {
    writeFileSync(values.out, json);
    console.error(`sbom: wrote ${values.out}`);
  }
}

void main();
