import type { ErrorObject } from 'ajv';
import type { FieldError } from '../envelope';
import { isEchoable } from './echo';
import { describeProblem, type MessageContext, type Problem } from './field-messages';

/** `campo` of an error about the body as a whole (not an object, not JSON). */
export const BODY_FIELD = 'body';

/** The own value of a property, never one inherited (a body may carry a `__proto__` key). */
function ownValue(body: unknown, key: string): { present: true; value: unknown } | { present: false } {
  if (typeof body !== 'object' || body === null) return { present: false };
  const descriptor = Object.getOwnPropertyDescriptor(body, key);
  return descriptor === undefined ? { present: false } : { present: true, value: descriptor.value };
}

function decodePointer(pointer: string): string {
  return pointer
    .split('/')
    .slice(1)
    .map((token) => token.replace(/~1/g, '/').replace(/~0/g, '~'))
    .join('.');
}

function toProblem(error: ErrorObject, body: unknown): Problem {
  const params: Readonly<Record<string, unknown>> = error.params;
  if (error.keyword === 'required' && typeof params.missingProperty === 'string') {
    return { campo: params.missingProperty, regra: 'required', params };
  }
  if (error.keyword === 'additionalProperties' && typeof params.additionalProperty === 'string') {
    const campo = params.additionalProperty;
    const own = ownValue(body, campo);
    return own.present
      ? { campo, regra: 'additionalProperties', params, valor: own.value }
      : { campo, regra: 'additionalProperties', params };
  }
  const regra = error.keyword === 'format' && typeof params.format === 'string' ? params.format : error.keyword;
  if (error.instancePath === '') return { campo: BODY_FIELD, regra, params, valor: body };
  // The bodies are flat: a field's path is one token. A deeper path (none today) is named with dots.
  const campo = decodePointer(error.instancePath);
  const own = ownValue(body, campo);
  return own.present ? { campo, regra, params, valor: own.value } : { campo, regra, params };
}

/**
 * Turns ajv's errors into the 422 items (contract 2.1 `errors`, "field by field"): one item per field, the first failing
 * rule of that field, the body-level error first, then the fields in the schema's order, then unknown fields in the
 * order they came. `valor` echoes what was sent only when it is small (isEchoable).
 */
export function toFieldErrors(errors: readonly ErrorObject[], body: unknown, context: MessageContext): FieldError[] {
  const byField = new Map<string, FieldError>();
  for (const error of errors) {
    const problem = toProblem(error, body);
    if (byField.has(problem.campo)) continue;
    const mensagem = describeProblem(problem, context);
    byField.set(
      problem.campo,
      'valor' in problem && isEchoable(problem.valor)
        ? { campo: problem.campo, mensagem, regra: problem.regra, valor: problem.valor }
        : { campo: problem.campo, mensagem, regra: problem.regra },
    );
  }
  const rank = (campo: string): number => {
    if (campo === BODY_FIELD) return -1;
    const index = context.knownFields.indexOf(campo);
    return index === -1 ? context.knownFields.length : index;
  };
  // Array.prototype.sort is stable: unknown fields keep their arrival order.
  return [...byField.values()].sort((a, b) => rank(a.campo) - rank(b.campo));
}
