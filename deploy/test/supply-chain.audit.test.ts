import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { gunzipSync } from 'node:zlib';
import { freePort } from '@regapi/testkit';
import { AUDIT_EXIT } from '../src/audit/exit-codes';
import { buildWorkspace, ROOT } from './build-once';

/**
 * `pnpm audit:shipped` against a registry this test plays: what it sends, and the three outcomes it must tell apart
 * (decision 0133). The real registry is not reachable from every machine that runs the suite.
 */
jest.setTimeout(60_000);

const SHIPPED = [
  ['express', '5.3.0'],
  ['@aws-sdk/client-s3', '3.1169.0'],
  ['pg', '8.23.1'],
] as const;

let dir: string;
let sbom: string;
let server: Server;
let registry: string;
/** What the registry answers next: a status and a body. */
let answer: { status: number; body: string } = { status: 200, body: '{}' };
let received: unknown;

beforeAll(async () => {
  buildWorkspace();
  dir = mkdtempSync(path.join(tmpdir(), 'regapi-audit-'));
  sbom = path.join(dir, 'sbom.cdx.json');
  const components: Record<string, string>[] = SHIPPED.map(([name, version]) => ({
    type: 'library',
    name,
    version,
    purl: `pkg:npm/${name.replace('@', '%40')}@${version}`,
  }));
  // Our own packages carry no purl: they are not on the registry and are not asked about.
  components.push({ type: 'application', name: '@regapi/gateway', version: '0.1.0' });
  writeFileSync(sbom, JSON.stringify({ bomFormat: 'CycloneDX', specVersion: '1.6', components }));
  server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      received = {
        method: request.method,
        url: request.url,
        body: JSON.parse(gunzipSync(Buffer.concat(chunks)).toString('utf8')),
      };
      response.writeHead(answer.status, { 'content-type': 'application/json' }).end(answer.body);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  registry = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
});

afterAll(async () => {
  await new Promise((resolve) => server?.close(resolve));
  rmSync(dir, { recursive: true, force: true });
});

/** Runs the command; `summary` is its last line. */
async function audit(...args: string[]): Promise<{ code: number; summary: string; output: string }> {
  const run = promisify(execFile)(process.execPath, ['deploy/dist/audit/main.js', '--sbom', sbom, ...args], {
    cwd: ROOT,
  });
  try {
    const { stdout } = await run;
    return { code: 0, summary: stdout.split('\n').at(-2) ?? '', output: stdout };
  } catch (error) {
    const { code, stdout } = error as { code: number; stdout: string };
    return { code, summary: stdout.split('\n').at(-2) ?? '', output: stdout };
  }
}

const advisory = (id: number, severity: string, range: string) => ({
  id,
  title: `advisory ${id}`,
  url: `https://github.com/advisories/GHSA-${id}`,
  severity,
  vulnerable_versions: range,
  cwe: ['CWE-400'],
});

test("asks the registry's bulk endpoint about exactly the npm packages of the SBOM", async () => {
  answer = { status: 200, body: '{}' };
  const result = await audit('--registry', registry);
  expect(received).toEqual({
    method: 'POST',
    url: '/-/npm/v1/security/advisories/bulk',
    body: Object.fromEntries(SHIPPED.map(([name, version]) => [name, [version]])),
  });
  expect(result).toMatchObject({
    code: AUDIT_EXIT.clean,
    summary: 'audit: none high or worse in the 3 packages that ship',
  });
});

test('fails on a high or critical advisory whose range holds a shipped version, and only on those', async () => {
  answer = {
    status: 200,
    body: JSON.stringify({
      express: [advisory(1, 'high', '<5.3.0'), advisory(2, 'critical', '>=5.0.0 <5.3.1')],
      pg: [advisory(3, 'moderate', '<=8.23.1')],
    }),
  };
  const result = await audit('--registry', registry);
  expect(result.code).toBe(AUDIT_EXIT.findings);
  expect(result.output).toContain(
    'critical express@5.3.0: advisory 2 (>=5.0.0 <5.3.1) https://github.com/advisories/GHSA-2',
  );
  expect(result.output).not.toContain('advisory 1');
  expect(result.summary).toBe('audit: 1 high or worse in the 3 packages that ship (1 below high)');
  // The level is a choice: at moderate, pg's advisory fails the audit too.
  expect(await audit('--registry', registry, '--audit-level', 'moderate')).toMatchObject({ code: AUDIT_EXIT.findings });
});

test('says the audit did not run, never that it is clean, when the endpoint refuses, garbles or is not there', async () => {
  answer = { status: 405, body: '' };
  expect(await audit('--registry', registry)).toMatchObject({
    code: AUDIT_EXIT.notRun,
    summary: `audit: not run, ${registry}-/npm/v1/security/advisories/bulk answered 405`,
  });
  answer = { status: 200, body: '{"express": [{"id": 1}]}' };
  expect(await audit('--registry', registry)).toMatchObject({
    code: AUDIT_EXIT.notRun,
    summary: `audit: not run, ${registry}-/npm/v1/security/advisories/bulk answered with no bulk advisory report`,
  });
  const closed = `http://127.0.0.1:${await freePort()}/`;
  const unreachable = await audit('--registry', closed);
  expect(unreachable.code).toBe(AUDIT_EXIT.notRun);
  expect(unreachable.summary).toMatch(
    /^audit: not run, http:\/\/127\.0\.0\.1:\d+\/-\/npm\/v1\/security\/advisories\/bulk could not be reached \(/,
  );
});
