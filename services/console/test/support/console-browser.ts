import { accessibilityProblems, describeAccessibilityProblems, type TestChromium } from '@regapi/testkit/browser';

export type ConsolePage = Awaited<ReturnType<TestChromium['newPage']>>;

/** The CSP violations the page reports from now on (the array fills as they come): a test expects it empty. */
export function cspViolations(page: ConsolePage): string[] {
  const blocked: string[] = [];
  page.on('console', (message) => {
    if (/Content Security Policy/i.test(message.text())) blocked.push(message.text());
  });
  return blocked;
}

/** Signs in through the /entrar form as a person does, and waits for the home page. */
export async function signInThroughForm(
  page: ConsolePage,
  baseUrl: string,
  credentials: { readonly email: string; readonly password: string },
): Promise<void> {
  await page.goto(`${baseUrl}/entrar`);
  await page.getByLabel('E-mail').fill(credentials.email);
  await page.getByLabel('Senha').fill(credentials.password);
  await page.getByRole('button', { name: 'Entrar' }).click();
  await page.waitForURL(`${baseUrl}/`);
}

/** axe finds nothing serious or critical on the page as it is now (issue 15); the failure names each problem. */
export async function expectAccessible(page: ConsolePage): Promise<void> {
  expect(describeAccessibilityProblems(await accessibilityProblems(page))).toBe('');
}

type Target = ReturnType<ConsolePage['locator']>;

/** More Tab presses than any console page has stops before a control: past them, the control is not reachable. */
const MOST_TABS = 80;

/**
 * Presses Tab, as a keyboard-only person does, until `target` has the focus, and checks the focus is drawn
 * (`:focus-visible` with an outline); fails when the control is never reached. Then Enter or Space acts on it.
 */
export async function tabTo(page: ConsolePage, target: Target): Promise<void> {
  const passed: string[] = [];
  for (let presses = 0; presses < MOST_TABS; presses += 1) {
    await page.keyboard.press('Tab');
    if ((await target.and(page.locator(':focus')).count()) === 1) {
      const drawn =
        (await target.and(page.locator(':focus-visible')).count()) === 1 &&
        (await page.evaluate<string>('getComputedStyle(document.activeElement).outlineStyle')) !== 'none';
      if (!drawn) throw new Error('the focused control shows no focus outline');
      return;
    }
    passed.push(await page.evaluate<string>("document.activeElement?.outerHTML.slice(0, 100) ?? '(nothing)'"));
  }
  throw new Error(`Tab never reached the control; it went through:\n${passed.join('\n')}`);
}

/** What Chromium's accessibility tree says of the element a screen reader would read: role, name, description. */
export interface AccessibleNode {
  readonly role: string;
  readonly name: string;
  readonly description: string;
  readonly invalid: boolean;
  readonly focused: boolean;
}

/** Chromium's own computed accessibility node of the one element `selector` matches (DevTools protocol). */
export async function accessibleNode(page: ConsolePage, selector: string): Promise<AccessibleNode> {
  const cdp = await page.context().newCDPSession(page);
  try {
    const { root } = await cdp.send('DOM.getDocument', { depth: 0 });
    const { nodeId } = await cdp.send('DOM.querySelector', { nodeId: root.nodeId, selector });
    if (nodeId === 0) throw new Error(`no element matches ${selector}`);
    const { nodes } = await cdp.send('Accessibility.getPartialAXTree', { nodeId, fetchRelatives: false });
    const [node] = nodes;
    if (node === undefined) throw new Error(`${selector} is not in the accessibility tree`);
    const property = (name: string) => node.properties?.find((candidate) => candidate.name === name)?.value.value;
    return {
      role: String(node.role?.value ?? ''),
      name: String(node.name?.value ?? ''),
      description: String(node.description?.value ?? ''),
      invalid: property('invalid') !== undefined && property('invalid') !== 'false',
      focused: property('focused') === true,
    };
  } finally {
    await cdp.detach();
  }
}
