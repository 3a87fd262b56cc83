import { Contrib, Enums, Models, Serialize, Spec, Validation } from '@cyclonedx/cyclonedx-library';
import { PackageURL } from 'packageurl-js';
import parseSpdxExpression from 'spdx-expression-parse';
import type { PackageManifest, ShippedTree } from './shipped-tree';

/** CycloneDX 1.6 (ECMA-424, 1st edition), the version SBOM readers have supported longest (decision 0133). */
export const SPEC_VERSION = Spec.Version.v1dot6;
const SPEC = Spec.Spec1dot6;

export interface BomOptions {
  /** `metadata.component.version`: the release or commit the image is of. Left out when not given. */
  readonly version?: string;
  /** `metadata.timestamp`; left out when not given, so the same tree gives the same document. */
  readonly timestamp?: Date;
  /** `urn:uuid:...`; left out when not given, for the same reason. */
  readonly serialNumber?: string;
  /** The lockfile's integrity string by `name@version` (lockfileIntegrity): each component's hash. */
  readonly integrity?: ReadonlyMap<string, string>;
}

/** The purl of an npm package: `pkg:npm/%40scope/name@1.2.3`. */
export function npmPurl(name: string, version: string): string {
  const [scope, bare] = name.startsWith('@') ? name.split('/', 2) : [undefined, name];
  return new PackageURL('npm', scope, bare ?? name, version, undefined, undefined).toString();
}

const licenseFactory = new Contrib.License.Factories.LicenseFactory((expression) => {
  parseSpdxExpression(expression);
});
const components = new Contrib.FromNodePackageJson.Builders.ComponentBuilder(
  new Contrib.FromNodePackageJson.Factories.ExternalReferenceFactory(),
  licenseFactory,
);

function componentOf(manifest: PackageManifest, type: Enums.ComponentType): Models.Component {
  const component = components.makeComponent(manifest, type);
  if (component === undefined) throw new Error(`package.json without a name: ${JSON.stringify(manifest).slice(0, 80)}`);
  return component;
}

/**
 * The CycloneDX document of an image tree (readShippedTree): the image's files as the application, each of our
 * packages as an application (a service) or library (libs/*), each third-party package as a library with its purl,
 * licence and lockfile hash, and the dependency graph the links in the tree make. Lists are sorted: the same tree
 * and options give the same text.
 */
export function buildBom(tree: ShippedTree, options: BomOptions = {}): string {
  const bom = new Models.Bom({ serialNumber: options.serialNumber });
  const app = new Models.Component(Enums.ComponentType.Application, 'regapi', {
    bomRef: 'regapi',
    version: options.version,
    description: 'The files of the regapi container image under /app (scripts/assemble-image-tree.sh).',
  });
  bom.metadata.component = app;
  if (options.timestamp !== undefined) bom.metadata.timestamp = options.timestamp;
  bom.metadata.tools.components.add(
    new Models.Component(Enums.ComponentType.Library, 'cyclonedx-library', {
      group: '@cyclonedx',
      version: (require('@cyclonedx/cyclonedx-library/package.json') as { version: string }).version,
    }),
  );

  const byKey = new Map<string, Models.Component>();
  for (const pkg of tree.workspace) {
    const type = pkg.key.startsWith('services/') ? Enums.ComponentType.Application : Enums.ComponentType.Library;
    const component = componentOf(pkg.manifest, type);
    component.bomRef.value = `workspace:${pkg.key}`;
    byKey.set(pkg.key, component);
    // Each service is a command of the image (`node services/<name>/dist/main.js`); the libraries come with them.
    if (type === Enums.ComponentType.Application) app.dependencies.add(component.bomRef);
  }
  for (const pkg of tree.packages) {
    const component = componentOf(pkg.manifest, Enums.ComponentType.Library);
    component.purl = npmPurl(pkg.name, pkg.version);
    component.bomRef.value = component.purl;
    const integrity = options.integrity?.get(pkg.key);
    if (integrity !== undefined)
      component.hashes.set(...Contrib.FromNodePackageJson.Utils.parsePackageIntegrity(integrity));
    byKey.set(pkg.key, component);
  }
  for (const pkg of [...tree.workspace, ...tree.packages]) {
    const component = byKey.get(pkg.key);
    for (const dependency of pkg.dependsOn) {
      const target = byKey.get(dependency);
      if (target !== undefined) component?.dependencies.add(target.bomRef);
    }
  }
  for (const component of byKey.values()) bom.components.add(component);

  const serializer = new Serialize.JsonSerializer(new Serialize.JSON.Normalize.Factory(SPEC));
  return `${serializer.serialize(bom, { sortLists: true, space: 2 })}\n`;
}

/** The CycloneDX JSON schema's (strict) verdict on a document, offline: the schemas ship with the library. */
export async function bomSchemaErrors(json: string): Promise<unknown> {
  return new Validation.JsonStrictValidator(SPEC_VERSION).validate(json);
}
