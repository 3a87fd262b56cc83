/**
 * Refreshes deploy/k8s-schemas from upstream files already on disk (nothing is downloaded here):
 *   node deploy/dist/k8s-validate/vendoring/main.js --kubernetes swagger.json --crd a.yaml --crd b.yaml
 * then record each file's source and version in deploy/k8s-schemas/README.md.
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { isJsonObject, type JsonObject } from '../json-object';
import { CRDS_DIR, KUBERNETES_DEFINITIONS_FILE } from '../vendored-schemas';
import { extractCrdSchemas } from './extract-crd-schemas';
import { withoutDescriptions } from './strip-descriptions';

function writeJson(file: string, value: unknown): void {
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, `${JSON.stringify(value, null, 1)}\n`);
  console.log(`wrote ${path.relative(process.cwd(), file)}`);
}

function vendorKubernetes(swaggerFile: string): void {
  const swagger: unknown = JSON.parse(readFileSync(swaggerFile, 'utf8'));
  if (!isJsonObject(swagger) || !isJsonObject(swagger.definitions)) throw new Error(`${swaggerFile}: no "definitions"`);
  const definitions: JsonObject = {};
  for (const [name, definition] of Object.entries(swagger.definitions))
    if (isJsonObject(definition)) definitions[name] = withoutDescriptions(definition);
  writeJson(KUBERNETES_DEFINITIONS_FILE, { definitions });
}

function vendorCrds(yamlFile: string): void {
  for (const crd of extractCrdSchemas(readFileSync(yamlFile, 'utf8')))
    writeJson(path.join(CRDS_DIR, `${crd.group}_${crd.kind}.json`), crd);
}

const { values } = parseArgs({
  options: { kubernetes: { type: 'string' }, crd: { type: 'string', multiple: true } },
});
if (values.kubernetes) vendorKubernetes(values.kubernetes);
for (const file of values.crd ?? []) vendorCrds(file);
