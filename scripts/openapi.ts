// `pnpm openapi`: writes docs/openapi.json from the contracts, and docs/openapi.d.ts (its TypeScript types, as
// openapi-typescript writes them). With --check it writes nothing and fails when either file is not current
// (libs/contracts' tests run it: openapi-typescript's ESM dependencies do not load inside jest).
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { openApiJson } from '@regapi/contracts';
import { openApiTypes } from './openapi-types';

async function main(check: boolean): Promise<void> {
  const docs = path.resolve(__dirname, '..', 'docs');
  const json = openApiJson();
  const files = [
    ['openapi.json', json],
    ['openapi.d.ts', await openApiTypes(json)],
  ] as const;
  for (const [name, text] of files) {
    const file = path.join(docs, name);
    if (!check) {
      writeFileSync(file, text);
      console.log(`wrote ${path.relative(process.cwd(), file)}`);
    } else if (readFileSync(file, 'utf8') !== text) {
      console.log(`docs/${name} is not current: run \`pnpm openapi\``);
      process.exitCode = 1;
    }
  }
}

main(process.argv.includes('--check')).catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
