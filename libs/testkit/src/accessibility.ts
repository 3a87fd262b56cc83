import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';

export type AxeImpact = 'minor' | 'moderate' | 'serious' | 'critical';

/** One rule axe-core found broken on a page, with the elements that break it. */
export interface AccessibilityProblem {
  /** axe-core's rule id, e.g. `label`, `html-has-lang`, `color-contrast`. */
  readonly rule: string;
  readonly impact: AxeImpact | null;
  /** What the rule asks for, in a sentence. */
  readonly help: string;
  readonly helpUrl: string;
  /** CSS selectors of the offending elements (parts inside shadow roots joined with ` >>> `). */
  readonly targets: readonly string[];
}

export interface AccessibilityScanOptions {
  /** Which impacts count; default serious and critical (issue 15). */
  readonly impacts?: readonly AxeImpact[];
}

/** The slice of axe-core's API and results used here (axe-core's own types need the DOM library). */
interface AxeLike {
  run(options: { resultTypes: string[] }): Promise<{ violations: AxeViolation[] }>;
}
interface AxeViolation {
  id: string;
  impact?: AxeImpact | null;
  help: string;
  helpUrl: string;
  nodes: { target: (string | string[])[] }[];
}

let axeSource: string | undefined;
/** axe-core's browser build, read once from the pinned package. */
function axeScript(): string {
  axeSource ??= readFileSync(createRequire(__filename).resolve('axe-core/axe.min.js'), 'utf8');
  return axeSource;
}

/**
 * Runs axe-core in `page` as it is now and returns the rules broken at the given impacts (none: the page passes).
 * axe is evaluated through the DevTools protocol rather than added as a <script>: a page whose Content-Security-Policy
 * forbids inline scripts (as the console's will) still gets scanned.
 */
export async function accessibilityProblems(
  page: Page,
  options: AccessibilityScanOptions = {},
): Promise<AccessibilityProblem[]> {
  const impacts: readonly AxeImpact[] = options.impacts ?? ['serious', 'critical'];
  await page.evaluate(axeScript());
  const violations = await page.evaluate(async () => {
    const axe = (globalThis as unknown as { axe: AxeLike }).axe;
    const results = await axe.run({ resultTypes: ['violations'] });
    // Only plain data crosses back to node.
    return results.violations.map((violation) => ({
      id: violation.id,
      impact: violation.impact ?? null,
      help: violation.help,
      helpUrl: violation.helpUrl,
      targets: violation.nodes.map((node) =>
        node.target.map((part) => (typeof part === 'string' ? part : part.join(' >>> '))).join(' '),
      ),
    }));
  });
  return violations
    .filter((violation) => violation.impact !== null && impacts.includes(violation.impact))
    .map(({ id, impact, help, helpUrl, targets }) => ({ rule: id, impact, help, helpUrl, targets }));
}

/** One line per problem, for a failing test's message. */
export function describeAccessibilityProblems(problems: readonly AccessibilityProblem[]): string {
  return problems
    .map((problem) => `${problem.rule} (${problem.impact}): ${problem.help} — ${problem.targets.join(', ')}`)
    .join('\n');
}
