import { Ajv, type ValidateFunction } from 'ajv';

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

export function compileMessageSchema<T>(schema: object): ValidateFunction<T> {
  return ajv.compile<T>(schema);
}

/** The last errors of `validate` as one line, for a log or a dead letter's reason. */
export function messageErrors(validate: ValidateFunction): string {
  return ajv.errorsText(validate.errors);
}
