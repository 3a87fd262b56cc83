import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { isJsonObject, type JsonObject } from './json-object';

/** The Kubernetes release whose API schemas are vendored: Debian's kubectl is a 1.32 client. */
export const KUBERNETES_VERSION = '1.32';

/** deploy/k8s-schemas, from src/k8s-validate (ts-jest) and from dist/k8s-validate alike. */
export const VENDORED_SCHEMAS_DIR = path.resolve(__dirname, '..', '..', 'k8s-schemas');

export const KUBERNETES_DEFINITIONS_FILE = path.join(VENDORED_SCHEMAS_DIR, `kubernetes-${KUBERNETES_VERSION}.json`);
export const CRDS_DIR = path.join(VENDORED_SCHEMAS_DIR, 'crds');

/** The `definitions` of Kubernetes' OpenAPI v2 document (swagger.json), descriptions removed. */
export interface VendoredKubernetesApi {
  readonly definitions: Readonly<Record<string, JsonObject>>;
}

export interface VendoredCrdVersion {
  readonly name: string;
  readonly served: boolean;
  /** The version's `schema.openAPIV3Schema`, descriptions removed. */
  readonly schema: JsonObject;
}

/** What a CustomResourceDefinition says about validation, nothing else. */
export interface VendoredCrd {
  readonly group: string;
  readonly kind: string;
  readonly versions: readonly VendoredCrdVersion[];
}

function readJsonObject(file: string): JsonObject {
  const parsed: unknown = JSON.parse(readFileSync(file, 'utf8'));
  if (!isJsonObject(parsed)) throw new Error(`${file}: not a JSON object`);
  return parsed;
}

export function loadKubernetesApi(file = KUBERNETES_DEFINITIONS_FILE): VendoredKubernetesApi {
  const { definitions } = readJsonObject(file);
  if (!isJsonObject(definitions)) throw new Error(`${file}: no "definitions" object`);
  const checked: Record<string, JsonObject> = {};
  for (const [name, definition] of Object.entries(definitions)) {
    if (!isJsonObject(definition)) throw new Error(`${file}: definition ${name} is not an object`);
    checked[name] = definition;
  }
  return { definitions: checked };
}

function toCrdVersion(file: string, value: unknown): VendoredCrdVersion {
  if (!isJsonObject(value) || typeof value.name !== 'string' || !isJsonObject(value.schema))
    throw new Error(`${file}: a version without a name or a schema`);
  return { name: value.name, served: value.served === true, schema: value.schema };
}

export function loadCrd(file: string): VendoredCrd {
  const { group, kind, versions } = readJsonObject(file);
  if (typeof group !== 'string' || typeof kind !== 'string' || !Array.isArray(versions))
    throw new Error(`${file}: expected { group, kind, versions }`);
  return { group, kind, versions: versions.map((version) => toCrdVersion(file, version)) };
}

export function loadCrds(dir = CRDS_DIR): VendoredCrd[] {
  return readdirSync(dir)
    .filter((name) => name.endsWith('.json'))
    .sort()
    .map((name) => loadCrd(path.join(dir, name)));
}
