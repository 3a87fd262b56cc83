// `pnpm openapi`: writes docs/openapi.json from the contracts. libs/contracts' tests fail while the file differs.
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { openApiJson } from '@regapi/contracts';

const target = path.resolve(__dirname, '..', 'docs', 'openapi.json');
writeFileSync(target, openApiJson());
console.log(`wrote ${path.relative(process.cwd(), target)}`);
