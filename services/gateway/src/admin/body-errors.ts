import type { FieldError } from '@regapi/contracts';
import type { ErrorObject } from 'ajv';

function fieldOf(error: ErrorObject): string {
  const params: Readonly<Record<string, unknown>> = error.params;
  if (error.keyword === 'required' && typeof params.missingProperty === 'string') return params.missingProperty;
  if (error.keyword === 'additionalProperties' && typeof params.additionalProperty === 'string') {
    return params.additionalProperty;
  }
  return error.instancePath === '' ? 'body' : (error.instancePath.slice(1).split('/')[0] ?? 'body');
}

function messageOf(campo: string, error: ErrorObject): string {
  switch (error.keyword) {
    case 'required':
      return `Campo obrigatório: ${campo}.`;
    case 'additionalProperties':
      return `Campo desconhecido: ${campo}.`;
    default:
      return `Valor inválido em ${campo}: ${error.message ?? error.keyword}.`;
  }
}

/** ajv's errors of an admin body as 422 items, one per field (its first failing rule). */
export function adminFieldErrors(errors: readonly ErrorObject[] | null | undefined): FieldError[] {
  const byField = new Map<string, FieldError>();
  for (const error of errors ?? []) {
    const campo = fieldOf(error);
    if (byField.has(campo)) continue;
    const regra =
      error.keyword === 'format' && typeof error.params.format === 'string' ? error.params.format : error.keyword;
    byField.set(campo, { campo, regra, mensagem: messageOf(campo, error) });
  }
  return [...byField.values()];
}
