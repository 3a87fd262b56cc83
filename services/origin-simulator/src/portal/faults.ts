import { cnpjCheckDigits, cpfCheckDigits } from '@regapi/br';
import { ORIGIN_FAULTS, type OriginFault, type OriginOperation } from '@regapi/origin';

/**
 * The fault table (issue 3; docs/origin-simulator.md). Each fault has a two-digit code used by the magic inputs:
 * - a searched CPF/CNPJ whose bare document starts with `999` + code (e.g. CPF `999.01x.xxx-xx` = timeout);
 * - a record number of seven digits `999` + code + two digits (e.g. matrícula `9990100` = timeout), for the two
 *   property products.
 * The population never uses documents starting with `999`, so a magic input is never a real person.
 */
export interface FaultSpec {
  readonly fault: OriginFault;
  readonly code: number;
  readonly description: string;
}

const GENERIC: readonly OriginFault[] = [
  'timeout',
  'down',
  'blocked',
  'captcha',
  'overloaded',
  'too-many-attempts',
  'session-kicked',
  'service-invalid',
  'service-unavailable',
];

/** Which faults each operation can meet; arming any other pair is refused by the control endpoint. */
export const FAULTS_BY_OPERATION: Readonly<Record<OriginOperation, readonly OriginFault[]>> = {
  login: ['timeout', 'down', 'blocked', 'captcha', 'overloaded', 'too-many-attempts'],
  search: [...GENERIC, 'receipt-error', 'data-refused', 'data-changed', 'nothing-found', 'retries-pending'],
  'record-view': [
    ...GENERIC,
    'data-refused',
    'data-changed',
    'cannot-issue-online',
    'nothing-found',
    'timeout-after-order',
  ],
  certificate: [
    ...GENERIC,
    'data-refused',
    'data-changed',
    'cannot-issue-online',
    'nothing-found',
    'accepted-without-protocol',
    'timeout-after-order',
  ],
  'check-order': [...GENERIC, 'order-not-found'],
  'list-orders': GENERIC,
  download: ['timeout', 'down', 'overloaded', 'service-unavailable'],
  catalog: GENERIC,
  tariffs: GENERIC,
};

const DESCRIPTIONS: Readonly<Record<OriginFault, string>> = {
  timeout: 'the origin holds the call up to its own limit (180 s search, 540 s others) and answers TEMPO_ESGOTADO',
  down: 'a maintenance page (HTTP 503, HTML): the portal is down',
  blocked: 'ACESSO_BLOQUEADO (403): the account is blocked',
  captcha: 'DESAFIO_CAPTCHA (403): the portal demands a captcha',
  overloaded: 'SOBRECARGA (503, Retry-After 30)',
  'too-many-attempts': 'EXCESSO_TENTATIVAS (429, tentar_apos_s 60)',
  'session-kicked': 'the session dies mid-run: SESSAO_EXPIRADA (401) until the next login',
  'service-invalid': 'SERVICO_INVALIDO (400)',
  'service-unavailable': 'SERVICO_INDISPONIVEL (503, JSON)',
  'receipt-error':
    'the search runs (and is listed) but the printed screen fails: ERRO_COMPROVANTE (500) with the protocol',
  'data-refused': 'DADOS_RECUSADOS (422): the origin refuses the data of the order',
  'data-changed': 'DADOS_ALTERADOS (409): the record or office data changed at the registry',
  'cannot-issue-online': 'EMISSAO_INDISPONIVEL_INTERNET (422): the office cannot issue over the internet',
  'nothing-found': 'search: NEGATIVO with zero rows; property products: MATRICULA_NAO_ENCONTRADA (404)',
  'accepted-without-protocol': 'certificate: 200 ACEITO_SEM_PROTOCOLO, numero_pedido null',
  'timeout-after-order':
    'the order IS placed and completes, but the call answers TEMPO_ESGOTADO (reconciliation finds it)',
  'retries-pending': 'search: offices do not answer, EM_RETENTATIVA; a check after 10 min (origin time) closes it',
  'order-not-found':
    'check-order: 404 PEDIDO_NAO_ENCONTRADO for a protocol the origin gave (it lost an order it accepted); armed only',
};

export const FAULT_TABLE: readonly FaultSpec[] = ORIGIN_FAULTS.map((fault, i) => ({
  fault,
  code: i + 1,
  description: DESCRIPTIONS[fault],
}));

const BY_CODE = new Map(FAULT_TABLE.map((spec) => [spec.code, spec.fault]));
const CODE_OF = new Map(FAULT_TABLE.map((spec) => [spec.fault, spec.code]));

function code(fault: OriginFault): string {
  return String(CODE_OF.get(fault) ?? 0).padStart(2, '0');
}

/** The fault a searched document selects, if it is a magic input that applies to `operation`. */
export function faultFromDocument(bare: string, operation: OriginOperation): OriginFault | undefined {
  const match = /^999(\d{2})/.exec(bare);
  return applicable(match?.[1], operation);
}

/** The fault a record number selects: seven digits `999` + code + any two (leading zeros ignored). */
export function faultFromMatricula(matricula: string, operation: OriginOperation): OriginFault | undefined {
  const digits = matricula.replace(/\D/g, '').replace(/^0+/, '');
  const match = /^999(\d{2})\d{2}$/.exec(digits);
  return applicable(match?.[1], operation);
}

function applicable(codeText: string | undefined, operation: OriginOperation): OriginFault | undefined {
  if (codeText === undefined) return undefined;
  const fault = BY_CODE.get(Number(codeText));
  return fault && FAULTS_BY_OPERATION[operation].includes(fault) ? fault : undefined;
}

/** A valid CPF that selects `fault` (`variant` varies the middle digits). */
export function magicCpf(fault: OriginFault, variant = 0): string {
  const base = `999${code(fault)}${String(variant).padStart(4, '0')}`;
  return `${base}${cpfCheckDigits(base)}`;
}

/** A valid numeric CNPJ that selects `fault`. */
export function magicCnpj(fault: OriginFault, variant = 0): string {
  const base = `999${code(fault)}${String(variant).padStart(3, '0')}0001`;
  return `${base}${cnpjCheckDigits(base)}`;
}

export function magicMatricula(fault: OriginFault, variant = 0): string {
  return `999${code(fault)}${String(variant % 100).padStart(2, '0')}`;
}

interface ArmedFault {
  readonly fault: OriginFault;
  readonly operation: OriginOperation;
  remaining: number;
}

/** Faults armed through `POST /control/faults`, consumed by the next matching calls in arming order. */
export class FaultBoard {
  private armed: ArmedFault[] = [];

  arm(fault: OriginFault, operation: OriginOperation, times: number): void {
    if (!FAULTS_BY_OPERATION[operation].includes(fault)) {
      throw new RangeError(`fault "${fault}" does not apply to "${operation}"`);
    }
    this.armed.push({ fault, operation, remaining: times });
  }

  take(operation: OriginOperation): OriginFault | undefined {
    const entry = this.armed.find((armed) => armed.operation === operation);
    if (!entry) return undefined;
    entry.remaining--;
    if (entry.remaining <= 0) this.armed = this.armed.filter((armed) => armed !== entry);
    return entry.fault;
  }

  list(): readonly { fault: OriginFault; operation: OriginOperation; remaining: number }[] {
    return this.armed.map((entry) => ({ ...entry }));
  }

  clear(): void {
    this.armed = [];
  }
}
