import type { CheckOrderOutcome, SearchAnswer, SearchOutcome } from '../outcomes';

/**
 * Narrows an outcome to one kind or fails the test with what the origin actually said. It asserts through `expect`, so
 * a test that checks only outcome kinds still counts its assertions (jest's `expect.hasAssertions`, decision 0118).
 */
export function expectKind<O extends { readonly kind: string }, K extends O['kind']>(
  outcome: O,
  kind: K,
): Extract<O, { readonly kind: K }> {
  expect(outcome).toEqual(expect.objectContaining({ kind }));
  if (!isKind(outcome, kind)) throw new Error(`expected outcome "${kind}", got ${JSON.stringify(outcome)}`);
  return outcome;
}

export function isKind<O extends { readonly kind: string }, K extends O['kind']>(
  outcome: O,
  kind: K,
): outcome is Extract<O, { readonly kind: K }> {
  return outcome.kind === kind;
}

/**
 * Narrows a placing's or a check's outcome to a search's answer (`found` or `nothing-found`) or fails the test; asserts
 * through `expect` as `expectKind` does.
 */
export function expectSearchAnswer(outcome: SearchOutcome | CheckOrderOutcome): SearchAnswer {
  expect(outcome).toEqual(expect.objectContaining({ kind: expect.stringMatching(/^(found|nothing-found)$/) }));
  if (outcome.kind === 'found' || outcome.kind === 'nothing-found') return outcome;
  throw new Error(`expected a search's answer, got ${JSON.stringify(outcome)}`);
}
