import { parseAllDocuments } from 'yaml';
import { isJsonObject, type JsonObject } from '../json-object';
import type { VendoredCrd, VendoredCrdVersion } from '../vendored-schemas';
import { withoutDescriptions } from './strip-descriptions';

function crdVersion(version: unknown): VendoredCrdVersion {
  if (!isJsonObject(version) || typeof version.name !== 'string') throw new Error('a CRD version without a name');
  const schema = isJsonObject(version.schema) ? version.schema.openAPIV3Schema : undefined;
  if (!isJsonObject(schema)) throw new Error(`CRD version ${version.name} has no openAPIV3Schema`);
  return { name: version.name, served: version.served === true, schema: withoutDescriptions(schema) };
}

function vendoredCrd(document: JsonObject): VendoredCrd {
  const spec = document.spec;
  if (
    !isJsonObject(spec) ||
    typeof spec.group !== 'string' ||
    !isJsonObject(spec.names) ||
    !Array.isArray(spec.versions)
  )
    throw new Error('a CustomResourceDefinition without spec.group, spec.names or spec.versions');
  const kind = spec.names.kind;
  if (typeof kind !== 'string') throw new Error(`CRD of group ${spec.group} has no spec.names.kind`);
  return { group: spec.group, kind, versions: spec.versions.map(crdVersion) };
}

/** Every CustomResourceDefinition in a (multi-document) YAML file, reduced to its validation schemas. */
export function extractCrdSchemas(yamlText: string): VendoredCrd[] {
  return parseAllDocuments(yamlText)
    .map((document) => document.toJS() as unknown)
    .filter(
      (document): document is JsonObject => isJsonObject(document) && document.kind === 'CustomResourceDefinition',
    )
    .map(vendoredCrd);
}
