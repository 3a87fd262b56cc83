import { createServer, type Server } from 'node:http';
import { lastCatalogSync } from '@regapi/catalog';
import { createHttpOriginPortal, type OriginSample } from '@regapi/origin';
import { propertyRequest } from '@regapi/origin-simulator';
import { waitFor } from '@regapi/testkit';
import { type Harness, startHarness } from './support/harness';

/**
 * Issue 26: an answer that proves nothing while the origin goes on working — a proxy in front of the portal passes the
 * order on, the origin creates it, and the proxy answers 502 (the driver's `down`), or a body the driver cannot read
 * (`protocol-error`). Such an answer is never final: the order is looked up, found and followed, never refunded
 * while the origin has it, never placed twice (docs/decisions/0110).
 */

jest.setTimeout(90_000);

let harness: Harness;
let proxy: Server;
let samples: readonly OriginSample[];
/** What the proxy does to the next placing request whose body contains the key: pass it on, then answer badly. */
const spoil = new Map<string, 'bad-gateway' | 'garbled'>();
let target = '';

function startProxy(): Promise<string> {
  proxy = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const body = Buffer.concat(chunks);
      const headers = new Headers();
      for (const [name, value] of Object.entries(req.headers)) {
        if (typeof value === 'string' && name !== 'host' && name !== 'content-length') headers.set(name, value);
      }
      const init: RequestInit = { method: req.method ?? 'GET', headers };
      if (body.length > 0) init.body = body;
      void fetch(new URL(req.url ?? '/', target), init).then(async (answer) => {
        const text = Buffer.from(await answer.arrayBuffer());
        const found = [...spoil].find(([key]) => body.toString('utf8').includes(key));
        // Once: the request after it passes untouched.
        if (found !== undefined) spoil.delete(found[0]);
        const rule = found?.[1];
        if (rule === 'bad-gateway') {
          res.writeHead(502, { 'content-type': 'text/html' }).end('<html><body>502 Bad Gateway</body></html>');
          return;
        }
        if (rule === 'garbled') {
          res.writeHead(200, { 'content-type': 'application/json' }).end('{"situacao": ');
          return;
        }
        const out: Record<string, string> = {};
        answer.headers.forEach((value, name) => {
          if (name !== 'content-length' && name !== 'transfer-encoding' && name !== 'content-encoding')
            out[name] = value;
        });
        res.writeHead(answer.status, out).end(text);
      });
    });
  });
  return new Promise((resolve) => {
    proxy.listen(0, '127.0.0.1', () => {
      const address = proxy.address();
      resolve(`http://127.0.0.1:${typeof address === 'object' && address !== null ? address.port : 0}`);
    });
  });
}

beforeAll(async () => {
  const proxyUrl = await startProxy();
  harness = await startHarness({
    wrapPortal: () => createHttpOriginPortal({ baseUrl: proxyUrl, username: 'regapi', password: 'simulador' }),
  });
  target = harness.originUrl;
  samples = await harness.control.samples();
  await waitFor(() => lastCatalogSync(harness.database.db), { timeoutMs: 20_000, what: 'the first catalog sync' });
});

afterAll(async () => {
  await harness.close();
  await new Promise((resolve) => proxy.close(resolve));
});

async function createdAtOrigin(operation: string, match: (input: Record<string, unknown>) => boolean) {
  return (await harness.receivedOrders()).filter(
    (entry) => entry.operation === operation && entry.numero_pedido !== null && match(entry.input),
  );
}

test('a search the origin ran, answered by a proxy 502: found at the origin and delivered, not 600', async () => {
  spoil.set('11144477735', 'bad-gateway');
  const order = await harness.accept('pesquisa-previa-bens', { cpf_cnpj: '111.444.777-35', uf: 'GO' });
  const done = await harness.finishThroughDoubt(order.id);
  const created = await createdAtOrigin('search', (input) => String(input.documento).includes('11144477735'));
  expect(created).toHaveLength(1);
  expect([200, 612]).toContain(done.code);
  expect(done.numeroPedido).toBe(created[0]?.numero_pedido);
});

test('a record view the origin made, answered with a body the driver cannot read: found and delivered, not 606', async () => {
  const body = propertyRequest(samples[2]);
  const matricula = String(body.imovel_matricula);
  spoil.set(`"matricula":"${matricula}"`, 'garbled');
  const order = await harness.accept('visualizacao-matricula', body);
  const done = await harness.finishThroughDoubt(order.id);
  const created = await createdAtOrigin('record-view', (input) => input.matricula === matricula);
  expect(created).toHaveLength(1);
  expect(done.code).toBe(200);
  expect(done.numeroPedido).toBe(created[0]?.numero_pedido);
});

test('a certificate the origin accepted, answered by a proxy 502: its repeat refusal names it, and it is followed', async () => {
  const body = propertyRequest(samples[3]);
  const matricula = String(body.imovel_matricula);
  spoil.set(`"matricula":"${matricula}"`, 'bad-gateway');
  const order = await harness.accept('certidao-inteiro-teor', body);
  const followed = await harness.finishThroughDoubt(order.id, {
    ended: (current) => current.state === 'awaiting_issue' || current.state === 'finished',
  });
  const created = await createdAtOrigin('certificate', (input) => input.matricula === matricula);
  expect(created).toHaveLength(1);
  // Followed: in issue, or already issued when it was checked (the simulator's term is compressed).
  expect([
    ['awaiting_issue', 'EM_EMISSAO'],
    ['archiving', 'EM_EMISSAO'],
    ['finished', 'SUCESSO'],
  ]).toContainEqual([followed.state, followed.statusConsulta]);
  expect(followed.numeroPedido).toBe(created[0]?.numero_pedido);
  const asked = (await harness.receivedOrders()).filter(
    (entry) => entry.operation === 'certificate' && entry.input.matricula === matricula,
  );
  // Placed, then placed again once nothing could still be in the making: refused as a repeat naming the first.
  expect(asked.map((entry) => entry.result)).toEqual(['EM_ANDAMENTO', 'PEDIDO_REPETIDO']);
});
