// `pnpm openapi`: writes docs/openapi.json from the contracts and the generated sources of @regapi/client
// (libs/client/src/generated: its TypeScript types as openapi-typescript writes them, the result codes). With
// --check it writes nothing and fails when any of them is not current (libs/contracts' tests run it:
// openapi-typescript's ESM dependencies do not load inside jest).
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { openApiJson } from '@regapi/contracts';
import { clientGeneratedFiles } from './openapi-client';

async function main(check: boolean): Promise<void> {
  const root = path.resolve(__dirname, '..');
  const json = openApiJson();
  const files = [
    ['docs/openapi.json', json],
    ...(await clientGeneratedFiles(json)).map(([name, text]) => [`libs/client/src/generated/${name}`, text] as const),
  ] as const;
  for (const [name, text] of files) {
    const file = path.join(root, name);
    if (!check) {
      writeFileSync(file, text);
      console.log(`wrote ${path.relative(process.cwd(), file)}`);
    } else if (!existsSync(file) || readFileSync(file, 'utf8') !== text) {
      console.log(`${name} is not current: run \`pnpm openapi\``);
      process.exitCode = 1;
    }
  }
}

main(process.argv.includes('--check')).catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
