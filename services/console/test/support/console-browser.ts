import type { TestChromium } from '@regapi/testkit';

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
