import { Ajv, type ValidateFunction } from 'ajv';
import ajvFormats, { type FormatsPlugin } from 'ajv-formats';
import { isJsonObject, type JsonObject } from './json-object';
import { customResourceSchema, KUBERNETES_SCHEMA_ID, kubernetesApiDocument } from './strict-json-schema';
import { addUniqueItemKeys } from './unique-item-keys';
import type { VendoredCrd, VendoredKubernetesApi } from './vendored-schemas';

// Under nodenext the default import is typed as the module namespace; at run time it is the plugin function.
const addFormats = ajvFormats as unknown as FormatsPlugin;

/** `apps/v1 Deployment`: how kinds are named in the catalog and in messages. */
export function kindKey(apiVersion: string, kind: string): string {
  return `${apiVersion} ${kind}`;
}

type SchemaSource =
  | { readonly origin: 'kubernetes'; readonly definition: string }
  | {
      readonly origin: 'crd';
      readonly schema: JsonObject;
    };

/** The apiVersion/kind pairs a built-in definition stands for (`x-kubernetes-group-version-kind`). */
function builtInKinds(definition: JsonObject): string[] {
  const properties = definition.properties;
  const gvks = definition['x-kubernetes-group-version-kind'];
  // Only whole objects: DeleteOptions and WatchEvent claim every group's kinds without being them.
  if (!isJsonObject(properties) || !properties.apiVersion || !properties.kind || !properties.metadata) return [];
  if (!Array.isArray(gvks)) return [];
  return gvks.filter(isJsonObject).flatMap(({ group, version, kind }) => {
    if (typeof version !== 'string' || typeof kind !== 'string' || typeof group !== 'string') return [];
    return [kindKey(group === '' ? version : `${group}/${version}`, kind)];
  });
}

/**
 * Validators for every kind of the vendored Kubernetes API and every served version of the vendored CRDs, compiled
 * on first use (a Deployment's schema alone pulls in most of the core API).
 */
export class SchemaCatalog {
  private readonly ajv = new Ajv({ allErrors: true, strict: true, strictTypes: false, strictRequired: false });
  private readonly sources = new Map<string, SchemaSource>();
  private readonly compiled = new Map<string, ValidateFunction>();

  constructor(kubernetes: VendoredKubernetesApi, crds: readonly VendoredCrd[]) {
    addFormats(this.ajv, ['byte', 'date-time', 'int32', 'int64', 'double']);
    addUniqueItemKeys(this.ajv);
    this.ajv.addSchema(kubernetesApiDocument(kubernetes.definitions));
    for (const [name, definition] of Object.entries(kubernetes.definitions))
      for (const key of builtInKinds(definition))
        if (!this.sources.has(key)) this.sources.set(key, { origin: 'kubernetes', definition: name });
    for (const crd of crds)
      for (const version of crd.versions.filter(({ served }) => served))
        this.sources.set(kindKey(`${crd.group}/${version.name}`, crd.kind), {
          origin: 'crd',
          schema: customResourceSchema(version.schema),
        });
  }

  /** The validator of a kind, or undefined when neither Kubernetes nor a vendored CRD defines it. */
  validatorFor(apiVersion: string, kind: string): ValidateFunction | undefined {
    const key = kindKey(apiVersion, kind);
    const known = this.compiled.get(key);
    if (known) return known;
    const source = this.sources.get(key);
    if (!source) return undefined;
    const validate =
      source.origin === 'kubernetes'
        ? this.ajv.compile({ $ref: `${KUBERNETES_SCHEMA_ID}#/definitions/${source.definition}` })
        : this.ajv.compile(source.schema);
    this.compiled.set(key, validate);
    return validate;
  }

  /** Every apiVersion/kind the catalog can validate, sorted. */
  kinds(): string[] {
    return [...this.sources.keys()].sort();
  }

  /** The kinds a vendored CRD defines: the rest are built in. */
  customKinds(): string[] {
    return [...this.sources.entries()].filter(([, source]) => source.origin === 'crd').map(([key]) => key);
  }
}
