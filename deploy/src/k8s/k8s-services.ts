/** The parts of a Service the checks and the local runner read. */
export interface ServiceSpec {
  readonly selector?: Record<string, string>;
  readonly ports?: readonly { readonly name?: string; readonly port: number; readonly targetPort?: number | string }[];
}

export const labelsOf = (object: { readonly metadata?: { readonly [key: string]: unknown } }) =>
  (object.metadata?.labels ?? {}) as Record<string, string>;

/** Does a label selector (matchLabels or a Service's selector) select these labels? */
export const matches = (selector: Record<string, string>, labels: Readonly<Record<string, string>>) =>
  Object.entries(selector).every(([key, value]) => labels[key] === value);
