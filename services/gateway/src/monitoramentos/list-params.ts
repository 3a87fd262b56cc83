import { DEFAULT_LIST_LIMIT, type FieldError, MAX_LIST_LIMIT } from '@regapi/contracts';

/** The query's parameters, each given once with a value; an unknown one is a 422 naming it. */
export class ListParams {
  readonly errors: FieldError[] = [];

  constructor(
    private readonly query: Readonly<Record<string, unknown>>,
    known: readonly string[],
  ) {
    for (const campo of Object.keys(query)) {
      if (!known.includes(campo)) {
        this.errors.push({ campo, regra: 'additionalProperties', mensagem: `Parâmetro desconhecido: ${campo}.` });
      }
    }
  }

  /** The value, or undefined when absent; a repeated or empty parameter is an error. */
  single(campo: string): string | undefined {
    const raw = this.query[campo];
    if (raw === undefined) return undefined;
    if (typeof raw === 'string' && raw !== '') return raw;
    this.errors.push({ campo, regra: 'type', mensagem: `Informe ${campo} uma única vez, com um valor.` });
    return undefined;
  }

  /** One of `values`, or undefined when absent. */
  oneOf<T extends string>(campo: string, values: readonly T[]): T | undefined {
    const raw = this.single(campo);
    if (raw === undefined) return undefined;
    if ((values as readonly string[]).includes(raw)) return raw as T;
    this.errors.push({ campo, regra: 'enum', mensagem: `${campo} é um de: ${values.join(', ')}.`, valor: raw });
    return undefined;
  }

  /** `limite`: 1..100, default 50, as in `GET /v1/consultas`. */
  limit(): number {
    const raw = this.single('limite');
    if (raw === undefined) return DEFAULT_LIST_LIMIT;
    const limite = /^[0-9]{1,6}$/.test(raw) ? Number(raw) : 0;
    if (limite >= 1 && limite <= MAX_LIST_LIMIT) return limite;
    const mensagem = `limite é um número inteiro de 1 a ${MAX_LIST_LIMIT}.`;
    this.errors.push({ campo: 'limite', regra: 'range', mensagem, valor: raw });
    return DEFAULT_LIST_LIMIT;
  }

  /** `cursor`, decoded by `decode`; one that does not decode is an error. */
  cursor<T>(decode: (cursor: string) => T | undefined): T | undefined {
    const raw = this.single('cursor');
    if (raw === undefined) return undefined;
    const decoded = /^[A-Za-z0-9_-]{1,60}$/.test(raw) ? decode(raw) : undefined;
    if (decoded !== undefined) return decoded;
    const mensagem = 'cursor inválido: use o proximo_cursor da página anterior, sem alterá-lo.';
    this.errors.push({ campo: 'cursor', regra: 'format', mensagem, valor: raw });
    return undefined;
  }
}

/** An opaque cursor: a tag letter and a whole number, base64url (the client never reads it). */
export function encodeListCursor(tag: string, value: number): string {
  return Buffer.from(`${tag}${value}`, 'utf8').toString('base64url');
}

export function decodeListCursor(tag: string, cursor: string): number | undefined {
  const match = new RegExp(`^${tag}([1-9][0-9]{0,17})$`).exec(Buffer.from(cursor, 'base64url').toString('utf8'));
  const value = match?.[1] === undefined ? undefined : Number(match[1]);
  return value !== undefined && Number.isSafeInteger(value) ? value : undefined;
}
