/** One thing wrong with one object: enough to find it in the rendered manifests and fix it. */
export interface ValidationProblem {
  /** `apps/v1 Deployment`, or what the object claimed to be when that is the problem. */
  readonly kind: string;
  /** metadata.name (with the namespace as `namespace/name` when it has one), or `#index` when it has none. */
  readonly name: string;
  /** Dotted path inside the object, `spec.template.spec.containers[0].image`; empty for the object itself. */
  readonly path: string;
  readonly message: string;
}

/** One line per problem, for an assertion message or a CLI. */
export function describeProblem({ kind, name, path, message }: ValidationProblem): string {
  return `${kind} ${name}${path ? ` ${path}` : ''}: ${message}`;
}
