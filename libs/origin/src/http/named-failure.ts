import type { DataFailure, OriginFailure } from '../outcomes';

/** Every failure an origin answer can name, before narrowing to what one operation may meet. */
export type NamedFailure =
  | OriginFailure
  | DataFailure
  | { readonly kind: 'credentials-refused'; readonly message: string }
  | { readonly kind: 'receipt-error'; readonly numeroPedido: string | null; readonly message: string }
  | { readonly kind: 'nothing-found'; readonly message: string }
  | { readonly kind: 'cannot-issue-online'; readonly message: string }
  | { readonly kind: 'office-unavailable'; readonly cns: string | null; readonly message: string }
  | { readonly kind: 'repeated-order'; readonly aceitaAPartirDe: string; readonly numeroPedido: string | null }
  | { readonly kind: 'order-not-found' }
  | { readonly kind: 'link-expired' }
  | { readonly kind: 'document-not-found' };

export type NamedFailureKind = NamedFailure['kind'];

const ORIGIN_FAILURE_KINDS: ReadonlySet<NamedFailureKind> = new Set<OriginFailure['kind']>([
  'timeout',
  'down',
  'blocked',
  'captcha',
  'overloaded',
  'too-many-attempts',
  'session-lost',
  'session-busy',
  'service-invalid',
  'service-unavailable',
  'protocol-error',
]);

/**
 * Narrows a failure to those one operation can meet. A failure the operation cannot meet (a "repeated order" on the
 * catalog) means the driver and the origin disagree about the protocol: it becomes `protocol-error`, so a caller never
 * acts on an answer that makes no sense for what it asked.
 */
export function restrictFailure<K extends NamedFailureKind>(
  failure: NamedFailure,
  allowed: readonly K[],
): Extract<NamedFailure, { kind: K }> | OriginFailure {
  if (isOriginFailure(failure) || isOneOf(failure, allowed)) return failure;
  return {
    kind: 'protocol-error',
    detail: `the origin answered "${failure.kind}" to an operation that cannot meet it`,
  };
}

function isOriginFailure(failure: NamedFailure): failure is OriginFailure {
  return ORIGIN_FAILURE_KINDS.has(failure.kind);
}

function isOneOf<K extends NamedFailureKind>(
  failure: NamedFailure,
  allowed: readonly K[],
): failure is Extract<NamedFailure, { kind: K }> {
  return (allowed as readonly NamedFailureKind[]).includes(failure.kind);
}
