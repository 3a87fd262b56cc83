import { type Static, type TSchema, type TUnsafe, Type } from '@sinclair/typebox';
import { Ajv, type ValidateFunction } from 'ajv';
import { FONTE_WORD } from './fonte-routing-key';

/**
 * One ajv for the bus's message schemas, with the two formats they use: `uuid`, and `date-time` as an ISO 8601 instant
 * that `Date.parse` reads (what `toISOString()` writes). Messages come from other processes: validated at the edge.
 */
const ajv = new Ajv({
  formats: {
    uuid: /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i,
    'date-time': (value: string) =>
      /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})$/.test(value) &&
      !Number.isNaN(Date.parse(value)),
  },
});

/**
 * A message's TypeScript type, derived from its JSON Schema (TypeBox's `Static`): the schema is the one owner, so the
 * type cannot say a field the schema does not check, nor miss one it does (decision 0116). The type is closed — a
 * producer cannot add a field the schema does not declare — while the schema is open: a consumer ignores fields it
 * does not know, so a producer deployed first may add one.
 */
export type MessageOf<S extends TSchema> = Immutable<Static<S>>;

/** Read-only all the way down: a message is a fact, and a producer may hand over read-only arrays. */
type Immutable<T> = T extends readonly (infer E)[]
  ? readonly Immutable<E>[]
  : T extends object
    ? { readonly [K in keyof T]: Immutable<T[K]> }
    : T;

/** One kind of bus message: its schema, and the check every consumer makes at its edge. */
export interface MessageKind<S extends TSchema> {
  /** A plain JSON Schema (TypeBox builds it). */
  readonly schema: S;
  /** The payload as this message, or undefined when it does not match the schema; unknown fields are ignored. */
  parse(payload: unknown): MessageOf<S> | undefined;
  /** Why `payload` is not this message ('' when it is), for the log line or dead-letter reason of a refused message. */
  errors(payload: unknown): string;
}

export function messageKind<S extends TSchema>(schema: S): MessageKind<S> {
  // Compiled on its first use, not at module load: a process checks a few of the kinds it loads (docs/decisions/0180).
  let compiled: ValidateFunction<MessageOf<S>> | undefined;
  const validate = (payload: unknown): payload is MessageOf<S> => {
    compiled ??= ajv.compile<MessageOf<S>>(schema);
    return compiled(payload);
  };
  return {
    schema,
    parse: (payload) => (validate(payload) ? payload : undefined),
    errors: (payload) => (validate(payload) ? '' : ajv.errorsText(compiled?.errors)),
  };
}

/** One of `values`, as JSON Schema's `enum` (ajv says "must be equal to one of the allowed values"). */
export function oneOfValues<const V extends readonly string[]>(values: V): TUnsafe<V[number]> {
  // The static type is spelled from the same array the schema lists: the two cannot differ.
  return Type.Unsafe<V[number]>({ enum: values });
}

/** `schema`, or null. */
export function nullable<S extends TSchema>(schema: S) {
  return Type.Union([schema, Type.Null()]);
}

export const DATE_TIME = Type.String({ format: 'date-time' });
export const UUID = Type.String({ format: 'uuid' });
/** Digits only (contract 2.2). */
export const PROTOCOLO = Type.String({ pattern: '^[0-9]+$' });
/** A fonte, one word of a routing key. */
export const FONTE = Type.String({ pattern: FONTE_WORD.source });
