// `pnpm observability`: writes the Grafana dashboards, the panel-query list and the Prometheus rules under
// deploy/observability, and their Kubernetes objects under k8s/base/observability, from this folder's TypeScript. With --check it writes nothing and fails when a checked-in
// file is not what the generator gives (as `pnpm openapi --check` does for the OpenAPI document).
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { generatedFiles } from './generated-files';

const ROOT = path.resolve(__dirname, '..', '..', '..');

function readOrEmpty(file: string): string {
  try {
    return readFileSync(file, 'utf8');
  } catch {
    return '';
  }
}

function main(check: boolean): void {
  for (const { path: relative, text } of generatedFiles()) {
    const file = path.join(ROOT, relative);
    if (!check) {
      mkdirSync(path.dirname(file), { recursive: true });
      writeFileSync(file, text);
      console.log(`wrote ${path.relative(process.cwd(), file)}`);
    } else if (readOrEmpty(file) !== text) {
      console.log(`${relative} is not current: run \`pnpm observability\``);
      process.exitCode = 1;
    }
  }
}

main(process.argv.includes('--check'));
