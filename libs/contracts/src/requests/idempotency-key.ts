import { parseCpfCnpj } from '@regapi/br';
import type { FieldError } from '../envelope';
import { compileOnFirstUse, contractsAjv } from './ajv';
import { isEchoable } from './echo';
import { NIL_UUID } from './uuid';
import type { Validation } from './validation';

/** Contract 4, execution rule 1: the header every execution must carry. */
export const IDEMPOTENCY_KEY_HEADER = 'Idempotency-Key';

/** The header's value as a plain JSON Schema (an OpenAPI header parameter can embed it). */
export const IDEMPOTENCY_KEY_SCHEMA = {
  type: 'string',
  format: 'uuid',
  description:
    'UUID (qualquer versão, maiúsculas ou minúsculas) gerado pelo cliente para cada novo pedido; reenviar com a MESMA chave após um timeout. Janela de 24 horas. Nunca um CPF/CNPJ.',
  examples: ['3f0c1d52-8a4e-4b7e-9c61-2f1a6b9d0e47'],
} as const;

const keyValidator = compileOnFirstUse<string>(contractsAjv, IDEMPOTENCY_KEY_SCHEMA);

function error(mensagem: string, regra: string, valor?: unknown): Validation<never> {
  const item: FieldError =
    valor === undefined || !isEchoable(valor)
      ? { campo: IDEMPOTENCY_KEY_HEADER, mensagem, regra }
      : { campo: IDEMPOTENCY_KEY_HEADER, mensagem, regra, valor };
  return { ok: false, errors: [item] };
}

/** 11 or 14 digits once a mask is removed, or a valid CPF/CNPJ (alphanumeric included): never a key. */
function looksLikeCpfCnpj(value: string): boolean {
  return /^(\d{11}|\d{14})$/.test(value.replace(/[\s./-]/g, '')) || parseCpfCnpj(value).ok;
}

/**
 * Validates the `Idempotency-Key` header (contract 4, execution rules 1 to 3): present, a UUID, never a CPF/CNPJ. The
 * value is normalized to lowercase: a UUID is case-insensitive, so "ABC..." and "abc..." must be the same key.
 * `value` is what the HTTP layer read (`req.headers['idempotency-key']`: a string, an array, or undefined).
 */
export function validateIdempotencyKey(value: unknown): Validation<string> {
  if (value === undefined || value === null || (typeof value === 'string' && value.trim() === '')) {
    return error(
      'Cabeçalho obrigatório na execução: um UUID novo por pedido (o mesmo ao reenviar após timeout).',
      'required',
    );
  }
  // Contract 4, execution rule 3. The value is not echoed: it is a person's or a company's document.
  if (typeof value === 'string' && looksLikeCpfCnpj(value)) {
    return error('Nunca use um CPF/CNPJ como Idempotency-Key: gere um UUID por pedido.', 'not-cpf-cnpj');
  }
  const checkKey = keyValidator();
  if (!checkKey(value)) {
    const first = checkKey.errors?.[0];
    return first?.keyword === 'type'
      ? error('Envie um único cabeçalho Idempotency-Key, com um UUID.', 'type')
      : error(
          'A Idempotency-Key deve ser um UUID (8-4-4-4-12 hexadecimais, ex.: 3f0c1d52-8a4e-4b7e-9c61-2f1a6b9d0e47).',
          'uuid',
          value,
        );
  }
  // The nil UUID is a placeholder, never a generated key: every client that forgot to generate one would share it.
  if (value.toLowerCase() === NIL_UUID)
    return error('O UUID nulo não serve de chave: gere um UUID por pedido.', 'uuid-nil', value);
  return { ok: true, value: value.toLowerCase() };
}
