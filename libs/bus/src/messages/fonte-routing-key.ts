/** A topic word: the fonte is one segment of a routing key (and the schemas' `fonte` pattern). */
export const FONTE_WORD = /^[a-z0-9-]+$/;

/** `<prefix>.<fonte>`, or a RangeError for a fonte that is not one topic word. */
export function fonteRoutingKey(prefix: string, fonte: string): string {
  if (!FONTE_WORD.test(fonte)) throw new RangeError(`fonte ${JSON.stringify(fonte)} cannot be a routing key word`);
  return `${prefix}.${fonte}`;
}
