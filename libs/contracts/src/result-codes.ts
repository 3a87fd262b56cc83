/**
 * The result code table of spec 7.3, as data: the single copy the whole system reads (STYLE 3). Results of a query
 * travel in the envelope `code` with HTTP 200 (spec 7.2); transport errors are in `transport-codes.ts`.
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
 * Spec 7.3, one row per class. `sucesso` says "n/a" for both flags: nothing is refunded (the delivery is what was
 * paid for) and there is nothing to retry, so both are false here.
 * Spec 7.4: `erro_participante` is the only failure class that keeps the money; service-side failures always refund.
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

/** Spec 7.3, the codes of each class. 616 is in no class of the spec, so it is not a code here. */
export const RESULT_CODES_BY_CLASS = Object.freeze({
  sucesso: [200],
  nao_encontrado: [612],
  indeterminado: [611],
  erro_participante: [608, 619, 620],
  retry: [600, 605, 609, 610, 613, 614, 615, 618],
  fatal: [601, 602, 603, 604, 606, 607, 617, 621, 622],
} as const satisfies Record<ResultClass, readonly number[]>);

export type ResultCode = (typeof RESULT_CODES_BY_CLASS)[ResultClass][number];

/** Spec 7.5: retrying is pointless; the product goes out of service at once and a human is notified. */
const PERMANENT_CODES: ReadonlySet<number> = new Set<ResultCode>([602, 603]);

/**
 * Portuguese `code_message` of each code. The spec gives no meaning per code beyond its class except for 602, 603,
 * 605 and 607 (spec 7.5 to 7.8, 7.10), so the others say what their class means and what the client should do.
 */
const CLASS_MESSAGE: Readonly<Record<ResultClass, string>> = {
  sucesso: 'Consulta concluída: a origem respondeu e entregou o resultado.',
  nao_encontrado: 'A origem respondeu: nada encontrado para o alvo. O valor não é devolvido.',
  indeterminado: 'A origem não pôde emitir pela internet; isso não indica irregularidade. O valor não é devolvido.',
  erro_participante:
    'A origem recusou os dados do pedido. Corrija os dados e faça um novo pedido; o valor não é devolvido.',
  retry: 'Instabilidade momentânea da origem ou do transporte. O valor foi devolvido; faça um novo pedido.',
  fatal: 'Falha de integração do lado do serviço. O valor foi devolvido; repetir o pedido não adianta agora.',
};

const CODE_MESSAGE: Readonly<Partial<Record<ResultCode, string>>> = {
  // Spec 7.5 and 7.6: 602 comes from the origin (product unavailable) and also, locally, when an office does not
  // quote or the same record was already ordered (spec 3); either way nothing is charged.
  602: 'Indisponível: o pedido não pode ser atendido agora (cartório sem cotação, pedido igual em vigor ou produto fora do ar). Nada foi cobrado.',
  603: 'Falha permanente na origem: o produto foi retirado de serviço e a equipe foi avisada. O valor foi devolvido.',
  // Spec 7.7 and 3: after a timeout the reconciliation looks for the order at the origin; if it is found the document
  // is delivered and the amount kept, otherwise the amount is returned. Never resend with a new key.
  605: 'Tempo esgotado na origem. O valor é devolvido se a conciliação não achar o pedido na origem; não reenvie com uma nova Idempotency-Key.',
  // Spec 7.8: the origin bills 607 (office sent as text), yet 607 sits in the refunded `fatal` class; this table
  // follows the class, so 607 is refunded here. The request validation refuses a text office before any charge
  // (imovel_cartorio must be an integer), so a 607 means our integration sent it wrong: a service-side defect.
  607: 'O cartório chegou à origem como texto em vez do número inteiro: falha de integração. O valor foi devolvido.',
};

export interface ResultCodeInfo {
  readonly code: ResultCode;
  readonly class: ResultClass;
  readonly refunded: boolean;
  readonly retry: boolean;
  /** Spec 7.5: the product goes out of service at once (602, 603). */
  readonly permanent: boolean;
  readonly code_message: string;
}

/** Every code of spec 7.3, ascending. Flags come from the class, so no row can disagree with its class. */
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
          code_message: CODE_MESSAGE[code] ?? CLASS_MESSAGE[resultClass],
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
 * Spec 7.5. This is about a code REPORTED BY THE ORIGIN: a 602 the service answers by itself (an office that does
 * not quote, a repeated order, spec 7.6) says nothing about the product and must not take it out of service.
 */
export function isPermanent(code: ResultCode): boolean {
  return row(code).permanent;
}

export function resultCodeMessage(code: ResultCode): string {
  return row(code).code_message;
}

/** Spec 7.2: a result's body says that HTTP 200 only means the request arrived, and that the client acts on `code`. */
export const RESULT_STATUS_NOTE = 'HTTP 200 significa apenas que a requisição chegou: aja pelo campo code.';

/** The `code_message` of a 6xx result: its message followed by the spec 7.2 note. */
export function withResultStatusNote(message: string): string {
  return `${message} ${RESULT_STATUS_NOTE}`;
}
