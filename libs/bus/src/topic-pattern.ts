/**
 * AMQP topic matching, for the in-process bus: words split on `.`, `*` matches exactly one word, `#` zero or more.
 * Same semantics as RabbitMQ's topic exchange, so standalone mode routes like distributed mode.
 */
export function topicMatches(pattern: string, routingKey: string): boolean {
  return matchFrom(pattern.split('.'), 0, routingKey.split('.'), 0);
}

function matchFrom(pattern: readonly string[], p: number, key: readonly string[], k: number): boolean {
  if (p === pattern.length) return k === key.length;
  const word = pattern[p];
  if (word === '#') {
    for (let next = k; next <= key.length; next++) {
      if (matchFrom(pattern, p + 1, key, next)) return true;
    }
    return false;
  }
  if (k === key.length) return false;
  if (word === '*' || word === key[k]) return matchFrom(pattern, p + 1, key, k + 1);
  return false;
}

/** True for a binding pattern RabbitMQ and `topicMatches` agree on: non-empty words, `*`/`#` only as whole words. */
export function isValidTopicPattern(pattern: string): boolean {
  return pattern.split('.').every((word) => word.length > 0 && (word === '*' || word === '#' || !/[*#]/.test(word)));
}
