/**
 * The result code table of contract 7.3, as data: the single copy the whole system reads. Results of a query
 * travel in the envelope `code` with HTTP 200 (contract 7.2); transport errors are in `transport-codes.ts`. The texts of a
 * result depend on what happened to the money, not on the code alone: `result-messages.ts`.
 */

export const RESULT_CLASSES = [
  'sucesso',
  'nao_encontrado',
  'indeterminado',
  'erro_participante',
  'retry',
  'fatal',
] as const;
export type ResultClass = (typeof RESULT_CLASSES)[number];

export interface ResultClassInfo {
  readonly class: ResultClass;
  /** The amount debited is returned in full. */
  readonly refunded: boolean;
  /** A new attempt can succeed (a new order; after a timeout, see 605). */
  readonly retry: boolean;
  readonly meaning: string;
}

/**
 * Contract 7.3, one row per class. `sucesso` says "n/a" for both flags: nothing is refunded (the delivery is what was
 * paid for) and there is nothing to retry, so both are false here.
 * Contract 7.4: `erro_participante` is the only failure class that keeps the money; service-side failures always refund.
 */
export const RESULT_CLASS_INFO: Readonly<Record<ResultClass, ResultClassInfo>> = Object.freeze({
  sucesso: { class: 'sucesso', refunded: false, retry: false, meaning: 'A origem respondeu e entregou.' },
  nao_encontrado: {
    class: 'nao_encontrado',
    refunded: false,
    retry: false,
    meaning: 'A origem respondeu: nada encontrado para o alvo.',
  },
  indeterminado: {
    class: 'indeterminado',
    refunded: false,
    retry: false,
    meaning: 'A origem não pôde emitir pela internet; não é irregularidade.',
  },
  erro_participante: {
    class: 'erro_participante',
    refunded: false,
    retry: true,
    meaning: 'A origem recusou os DADOS do pedido.',
  },
  retry: {
    class: 'retry',
    refunded: true,
    retry: true,
    meaning: 'Instabilidade momentânea da origem ou do transporte.',
  },
  fatal: { class: 'fatal', refunded: true, retry: false, meaning: 'Defeito de integração do lado do serviço.' },
});

/** Contract 7.3, the codes of each class. 616 is in no class of the contract, so it is not a code here. */
export const RESULT_CODES_BY_CLASS = Object.freeze({
  sucesso: [200],
  nao_encontrado: [612],
  indeterminado: [611],
  erro_participante: [608, 619, 620],
  retry: [600, 605, 609, 610, 613, 614, 615, 618],
  fatal: [601, 602, 603, 604, 606, 607, 617, 621, 622],
} as const satisfies Record<ResultClass, readonly number[]>);

export type ResultCode = (typeof RESULT_CODES_BY_CLASS)[ResultClass][number];

/** Contract 7.5: retrying is pointless; the product goes out of service at once and a human is notified. */
const PERMANENT_CODES: ReadonlySet<number> = new Set<ResultCode>([602, 603]);

export interface ResultCodeInfo {
  readonly code: ResultCode;
  readonly class: ResultClass;
  readonly refunded: boolean;
  readonly retry: boolean;
  /** Contract 7.5: the product goes out of service at once (602, 603). */
  readonly permanent: boolean;
}

/** Every code of contract 7.3, ascending. Flags come from the class, so no row can disagree with its class. */
export const RESULT_CODES: readonly ResultCodeInfo[] = Object.freeze(
  RESULT_CLASSES.flatMap((resultClass) =>
    RESULT_CODES_BY_CLASS[resultClass].map(
      (code): ResultCodeInfo =>
        Object.freeze({
          code,
          class: resultClass,
          refunded: RESULT_CLASS_INFO[resultClass].refunded,
          retry: RESULT_CLASS_INFO[resultClass].retry,
          permanent: PERMANENT_CODES.has(code),
        }),
    ),
  ).sort((a, b) => a.code - b.code),
);

const BY_CODE: ReadonlyMap<number, ResultCodeInfo> = new Map(RESULT_CODES.map((info) => [info.code, info]));

export function isResultCode(code: number): code is ResultCode {
  return BY_CODE.has(code);
}

/** The row of a code, or undefined for a number that is not a result code (e.g. from an untrusted source). */
export function resultCode(code: number): ResultCodeInfo | undefined {
  return BY_CODE.get(code);
}

function row(code: ResultCode): ResultCodeInfo {
  const info = BY_CODE.get(code);
  // Unreachable: ResultCode is derived from the same table that fills the map.
  if (info === undefined) throw new RangeError(`unknown result code ${code}`);
  return info;
}

export function resultClassOf(code: ResultCode): ResultClass {
  return row(code).class;
}

export function isRefunded(code: ResultCode): boolean {
  return row(code).refunded;
}

export function isRetryable(code: ResultCode): boolean {
  return row(code).retry;
}

/**
 * Contract 7.5. This is about a code REPORTED BY THE ORIGIN: a 602 the service answers by itself (an office that does
 * not quote, a repeated order, contract 7.6) says nothing about the product and must not take it out of service.
 */
export function isPermanent(code: ResultCode): boolean {
  return row(code).permanent;
}

/** Contract 7.2: a result's body says that HTTP 200 only means the request arrived, and that the client acts on `code`. */
export const RESULT_STATUS_NOTE = 'HTTP 200 significa apenas que a requisição chegou: aja pelo campo code.';

/** The `code_message` of a 6xx result: its message followed by the contract 7.2 note. */
export function withResultStatusNote(message: string): string {
  return `${message} ${RESULT_STATUS_NOTE}`;
}
