export { createManifestValidator, type ManifestValidator, validateObjects } from './validate-objects';
export type { ValidationProblem } from './validation-problem';
export { describeProblem } from './validation-problem';
export { KUBERNETES_VERSION } from './vendored-schemas';
