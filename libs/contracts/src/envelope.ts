import { randomUUID } from 'node:crypto';
import { reaisNumber } from '@regapi/br';

/** Contract version carried in every response (contract 9). */
export const API_VERSION = 'v1';

/** Names of the envelope that no key inside a `data` item may reuse (contract 2.1). */
export const RESERVED_DATA_KEYS = ['code', 'header', 'errors'] as const;

export interface EnvelopeHeader {
  /** True if this call was billed, including a call that failed. */
  readonly billable: boolean;
  /** Amount debited by this call in reais, two decimals; 0 when nothing was charged. */
  readonly price: number;
  readonly api_version: string;
  /** UUID to be cited in support requests. */
  readonly request_id: string;
}

/** One problem of a refused request, field by field (422). `valor` is omitted when echoing it would leak a secret. */
export interface FieldError {
  /** JSON path of the field (`imovel_cartorio`), or the header name (`Idempotency-Key`), or `body`. */
  readonly campo: string;
  /** What is wrong, in Portuguese, for a person. */
  readonly mensagem: string;
  /** Machine-readable rule that failed (`required`, `type`, `pattern`, `additionalProperties`, ...). */
  readonly regra: string;
  readonly valor?: unknown;
}

export type DataItem = Readonly<Record<string, unknown>>;

export interface Envelope<T extends DataItem = DataItem> {
  readonly code: number;
  readonly code_message: string;
  readonly header: EnvelopeHeader;
  readonly data_count: number;
  readonly data: readonly T[];
  readonly site_receipts: readonly string[];
  readonly errors: readonly FieldError[];
}

export interface EnvelopeInput<T extends DataItem> {
  code: number;
  codeMessage: string;
  requestId?: string;
  /** Money inside the system is integer centavos; it becomes reais only here, at the edge (architecture rule 3). */
  priceCentavos?: number;
  billable?: boolean;
  data?: readonly T[];
  siteReceipts?: readonly string[];
  errors?: readonly FieldError[];
}

export class ReservedDataKeyError extends Error {
  override readonly name = 'ReservedDataKeyError';
  constructor(readonly key: string) {
    super(`data item uses the envelope name "${key}" (contract 2.1)`);
  }
}

/**
 * A price as the envelope's JSON number in reais (`reaisNumber`, decision 0113): 12345 -> 123.45. The price is an
 * amount debited, never negative (contract 2.1).
 */
export function centavosToReais(centavos: number): number {
  if (centavos < 0) throw new RangeError(`a price is never negative, got ${centavos} centavos`);
  return reaisNumber(centavos);
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Builds the one response envelope of contract 2.1. `data` is always a list; values are passed through untouched (a
 * `null` the origin did not report stays `null`, never 0 or ""). Only the top-level keys of a data item are checked
 * against the reserved names: a nested envelope (the `aceite` of a finished query, contract 2.1) legitimately has them.
 */
export function envelope<T extends DataItem>(input: EnvelopeInput<T>): Envelope<T> {
  const data = input.data ?? [];
  for (const item of data) {
    for (const key of RESERVED_DATA_KEYS) if (Object.hasOwn(item, key)) throw new ReservedDataKeyError(key);
  }
  const priceCentavos = input.priceCentavos ?? 0;
  // contract 2.1: `header.request_id` is a UUID; a caller passing anything else is a bug, not a client error.
  if (input.requestId !== undefined && !UUID.test(input.requestId)) {
    throw new RangeError(`request_id must be a UUID, got "${input.requestId}"`);
  }
  return {
    code: input.code,
    code_message: input.codeMessage,
    header: {
      billable: input.billable ?? priceCentavos > 0,
      price: centavosToReais(priceCentavos),
      api_version: API_VERSION,
      request_id: input.requestId ?? randomUUID(),
    },
    data_count: data.length,
    data,
    site_receipts: input.siteReceipts ?? [],
    errors: input.errors ?? [],
  };
}
