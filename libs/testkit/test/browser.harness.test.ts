import { existsSync, readFileSync } from 'node:fs';
import { createHttpApp, listen, type RunningServer } from '@regapi/http';
import { silentLogger } from '@regapi/telemetry';
import express, { Router } from 'express';
import { accessibilityProblems, describeAccessibilityProblems } from '../src/accessibility';
import { ChromiumMissingError, launchChromium, type TestChromium } from '../src/chromium';
import { saveScreenshot } from '../src/screenshot';

// Inline scripts are forbidden, as the console's pages will forbid them: the scan must work all the same.
const CSP = "default-src 'none'; form-action 'self'";

const accessiblePage = `<!doctype html>
<html lang="pt-BR">
<head><meta charset="utf-8"><title>Consulta de matrícula</title></head>
<body>
<main>
<h1>Consulta de matrícula</h1>
<form method="post" action="/consultas">
<label for="cartorio">Cartório</label>
<input id="cartorio" name="cartorio" required>
<label for="matricula">Número da matrícula</label>
<input id="matricula" name="matricula" inputmode="numeric" required>
<button type="submit">Consultar</button>
</form>
</main>
</body>
</html>`;

// No lang on <html> (html-has-lang, serious) and an input with no label (label, critical).
const brokenPage = `<!doctype html>
<html>
<head><meta charset="utf-8"><title>Página sem rótulos</title></head>
<body>
<main>
<h1>Busca</h1>
<form method="post" action="/consultas"><input id="busca" name="busca"><button type="submit">Buscar</button></form>
</main>
</body>
</html>`;

const receivedPage = (matricula: string) => `<!doctype html>
<html lang="pt-BR"><head><meta charset="utf-8"><title>Pedido recebido</title></head>
<body><main><h1>Pedido recebido</h1><p>Matrícula ${matricula.replace(/[^0-9]/g, '')}</p></main></body></html>`;

const posted: Record<string, unknown>[] = [];

function pages(): Router {
  const router = Router();
  const html = (res: express.Response, body: string) => {
    res.setHeader('Content-Security-Policy', CSP);
    res.type('html').send(body);
  };
  router.get('/consulta', (_req, res) => html(res, accessiblePage));
  router.get('/sem-rotulos', (_req, res) => html(res, brokenPage));
  router.post('/consultas', express.urlencoded({ extended: false, limit: '1kb' }), (req, res) => {
    const body = req.body as Record<string, unknown>;
    posted.push(body);
    html(res, receivedPage(String(body.matricula ?? '')));
  });
  return router;
}

let server: RunningServer;
let chromium: TestChromium;

beforeAll(async () => {
  server = await listen(createHttpApp({ logger: silentLogger(), routers: [pages()] }), 0);
  chromium = await launchChromium();
});

afterAll(async () => {
  await chromium?.close();
  await server?.close(100);
});

describe('the browser harness', () => {
  it('loads a served page, fills its form by label and submits it: the server receives the POST', async () => {
    const page = await chromium.newPage();
    await page.goto(`${server.url}/consulta`);
    await page.getByLabel('Cartório').fill('1º Ofício de Registro de Imóveis de São Paulo');
    await page.getByLabel('Número da matrícula').fill('123456');
    await page.getByRole('button', { name: 'Consultar' }).click();
    await page.getByRole('heading', { name: 'Pedido recebido' }).waitFor();
    expect(await page.getByText('Matrícula 123456').count()).toBe(1);
    expect(posted).toEqual([{ cartorio: '1º Ofício de Registro de Imóveis de São Paulo', matricula: '123456' }]);
    await page.context().close();
  });

  it('finds no serious or critical accessibility problem on an accessible page', async () => {
    const page = await chromium.newPage();
    await page.goto(`${server.url}/consulta`);
    const problems = await accessibilityProblems(page);
    expect(describeAccessibilityProblems(problems)).toBe('');
    await page.context().close();
  });

  it('reports the broken rules of a page, by rule id, with the offending elements', async () => {
    const page = await chromium.newPage();
    await page.goto(`${server.url}/sem-rotulos`);
    const problems = await accessibilityProblems(page);
    expect(problems.map((problem) => problem.rule).sort()).toEqual(['html-has-lang', 'label']);
    expect(problems.find((problem) => problem.rule === 'label')).toMatchObject({
      impact: 'critical',
      targets: ['#busca'],
      help: expect.stringMatching(/label/i),
    });
    expect(describeAccessibilityProblems(problems)).toMatch(/^html-has-lang \(serious\): .+ — html$/m);
    // Only the impacts asked for.
    expect((await accessibilityProblems(page, { impacts: ['critical'] })).map((problem) => problem.rule)).toEqual([
      'label',
    ]);
    await page.context().close();
  });

  it('saves a screenshot of the page as a PNG file among the test artifacts', async () => {
    const page = await chromium.newPage();
    await page.goto(`${server.url}/consulta`);
    const file = await saveScreenshot(page, 'browser-harness-consulta');
    expect(file).toMatch(/\.test-results\/screenshots\/browser-harness-consulta\.png$/);
    const png = readFileSync(file);
    expect(png.subarray(0, 8)).toEqual(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));
    expect(png.length).toBeGreaterThan(1000);
    await expect(saveScreenshot(page, '../escape')).rejects.toThrow(/not a plain file name/);
    await page.context().close();
  });

  it('gives each page its own context, in pt-BR', async () => {
    const first = await chromium.newPage();
    const second = await chromium.newPage();
    expect(first.context()).not.toBe(second.context());
    expect(await first.evaluate('navigator.language')).toBe('pt-BR');
    await first.context().close();
    await second.context().close();
  });

  it('fails clearly when Chromium is not installed', async () => {
    const launch = launchChromium({ executablePath: '/nonexistent/chromium' });
    await expect(launch).rejects.toBeInstanceOf(ChromiumMissingError);
    await expect(launch).rejects.toThrow(/not installed at \/nonexistent\/chromium.*apt-get install -y chromium/);
  });

  it('close removes the profile folder and is safe to call twice', async () => {
    const own = await launchChromium();
    expect(existsSync(own.userDataDir)).toBe(true);
    await own.close();
    expect(existsSync(own.userDataDir)).toBe(false);
    expect(own.browser.isConnected()).toBe(false);
    await own.close();
  });
});
