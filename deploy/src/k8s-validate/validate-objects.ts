import { isJsonObject, type JsonObject } from './json-object';
import { readableErrors } from './readable-errors';
import { kindKey, SchemaCatalog } from './schema-catalog';
import type { ValidationProblem } from './validation-problem';
import { KUBERNETES_VERSION, loadCrds, loadKubernetesApi } from './vendored-schemas';
import { withoutNulls } from './without-nulls';

function objectName(object: JsonObject, index: number): string {
  const metadata = isJsonObject(object.metadata) ? object.metadata : {};
  const name = typeof metadata.name === 'string' && metadata.name !== '' ? metadata.name : `#${index}`;
  return typeof metadata.namespace === 'string' ? `${metadata.namespace}/${name}` : name;
}

/** The API server names every object it creates; a manifest without metadata.name cannot be applied. */
function nameProblem(object: JsonObject): string | undefined {
  const metadata = isJsonObject(object.metadata) ? object.metadata : {};
  if (typeof metadata.name === 'string' && metadata.name !== '') return undefined;
  if (typeof metadata.generateName === 'string' && metadata.generateName !== '') return undefined;
  return 'metadata.name is required (or metadata.generateName)';
}

export interface ManifestValidator {
  /** Every problem of every object; an empty list means all of them are valid. */
  validateObjects(objects: readonly unknown[]): ValidationProblem[];
  /** The apiVersion/kind pairs it knows, `apps/v1 Deployment` style. */
  kinds(): string[];
}

/** A validator over the given schemas; `createManifestValidator()` reads the vendored ones. */
export function manifestValidator(catalog: SchemaCatalog): ManifestValidator {
  function validateOne(value: unknown, index: number): ValidationProblem[] {
    if (!isJsonObject(value))
      return [
        { kind: '?', name: `#${index}`, path: '', message: 'not an object (a mapping with apiVersion and kind)' },
      ];
    const { apiVersion, kind } = value;
    const name = objectName(value, index);
    if (typeof apiVersion !== 'string' || typeof kind !== 'string')
      return [{ kind: '?', name, path: '', message: 'apiVersion and kind must both be strings' }];
    const key = kindKey(apiVersion, kind);
    const validate = catalog.validatorFor(apiVersion, kind);
    if (!validate)
      return [
        {
          kind: key,
          name,
          path: '',
          message: `unknown apiVersion/kind: neither Kubernetes ${KUBERNETES_VERSION} nor a vendored CRD (${catalog.customKinds().join(', ')}) defines it`,
        },
      ];
    const object = withoutNulls(value);
    const problems: ValidationProblem[] = [];
    const missingName = nameProblem(value);
    if (missingName) problems.push({ kind: key, name, path: 'metadata.name', message: missingName });
    if (!validate(object))
      for (const error of readableErrors(validate.errors ?? [], object)) problems.push({ kind: key, name, ...error });
    return problems.sort((a, b) => a.path.localeCompare(b.path));
  }

  return {
    validateObjects: (objects) => objects.flatMap(validateOne),
    kinds: () => catalog.kinds(),
  };
}

/** Reads the vendored schemas (deploy/k8s-schemas) once; kinds compile on first use. */
export function createManifestValidator(): ManifestValidator {
  return manifestValidator(new SchemaCatalog(loadKubernetesApi(), loadCrds()));
}

let shared: ManifestValidator | undefined;

/**
 * Validates rendered Kubernetes objects (e.g. the documents of `kubectl kustomize`) offline: built-in kinds against
 * the Kubernetes API schemas, custom resources against their operators' CRD schemas. Unknown fields, wrong types,
 * missing required fields and kinds nobody defines are problems.
 */
export function validateObjects(objects: readonly unknown[]): ValidationProblem[] {
  shared ??= createManifestValidator();
  return shared.validateObjects(objects);
}
