import { createHash, randomBytes } from 'node:crypto';
import type { Fonte } from '@regapi/contracts';
import { type DocumentKind, documentKey, upsertOrderDocument } from '@regapi/documents';
import { allocateProtocolo, type Order, transition } from '@regapi/orders';
import { acceptSeededOrder, createTestDatabase, startTestS3, type TestDatabase, type TestS3 } from '@regapi/testkit';
import { call, newAccount, newToken, startTestGateway, type TestGateway } from './support/test-gateway';

// GET /v1/consultas/{protocolo}/documento (contract 4; issue 6 item 2; docs/decisions/0031): the archived PDF from a real
// S3-compatible server, with the caller's own bearer token; 404 envelopes; ETag, conditional and range requests.

let database: TestDatabase;
let s3: TestS3;
let gateway: TestGateway;
let tokenA: string;
let tokenB: string;
let accountA: string;
let pdf: Buffer;
let viewed: Order;

const SCOPES = ['consultas:visualizacao-matricula'];
const PROPERTY = {
  cpf_cnpj: '529.982.247-25',
  imovel_matricula: '12345',
  imovel_cartorio: 1,
  imovel_municipio: 'Campinas',
  imovel_uf: 'SP',
};

/** A PDF-framed body with random bytes, big enough for ranges to matter. */
function fakePdf(size: number): Buffer {
  return Buffer.concat([Buffer.from('%PDF-1.7\n'), randomBytes(size - 16), Buffer.from('\n%%EOF\n')]);
}

function sha256(bytes: Uint8Array): string {
  return createHash('sha256').update(bytes).digest('hex');
}

/** An order of `accountId` as the archive leaves it: finished, and its document in the bucket with its row. */
async function order(
  accountId: string,
  options: {
    fonte?: Fonte;
    state?: 'finished' | 'archiving';
    code?: number;
    document?: DocumentKind;
    /** Store it under its protocolo with the check digit changed: a number no acceptance can produce. */
    mistyped?: boolean;
  } = {},
): Promise<Order> {
  const fonte = options.fonte ?? 'visualizacao-matricula';
  const body = fonte === 'pesquisa-previa-bens' ? { cpf_cnpj: PROPERTY.cpf_cnpj, uf: 'SP' } : PROPERTY;
  const created = await database.db.transaction().execute(async (trx) => {
    const allocated = await allocateProtocolo(trx);
    const check = Number(allocated.slice(-1));
    const protocolo = options.mistyped === true ? `${allocated.slice(0, -1)}${(check + 1) % 10}` : allocated;
    const accepted = await acceptSeededOrder(trx, { fonte, request: body, protocolo, accountId, uf: 'SP' });
    await transition(trx, accepted.id, 'startAttempt', {});
    if (options.state === 'archiving') {
      return (await transition(trx, accepted.id, 'deliverDocument', { result: '{}' })).order;
    }
    const changes = { code: options.code ?? 200, result: '{}', finished_at: new Date() };
    return (await transition(trx, accepted.id, 'finish', changes)).order;
  });
  if (options.document !== undefined) {
    const key = documentKey(accountId, created.protocolo, options.document);
    const storage = s3.storage();
    await storage.put({ key, bytes: pdf, contentType: 'application/pdf' });
    await upsertOrderDocument(database.db, {
      orderId: created.id,
      kind: options.document,
      storageKey: key,
      sha256: sha256(pdf),
      sizeBytes: pdf.byteLength,
      contentType: 'application/pdf',
      originUrl: 'http://origin.test/arquivos/x.pdf',
      storedAt: new Date('2026-03-11T13:00:00Z'),
      receivedAt: null,
    });
  }
  return created;
}

const documentUrl = (protocolo: string) => `${gateway.url}/v1/consultas/${protocolo}/documento`;

function get(protocolo: string, token: string | undefined, headers: Record<string, string> = {}): Promise<Response> {
  return fetch(documentUrl(protocolo), {
    headers: { ...(token === undefined ? {} : { authorization: `Bearer ${token}` }), ...headers },
  });
}

beforeAll(async () => {
  database = await createTestDatabase();
  s3 = await startTestS3();
  await s3.storage().ensureBucket();
  gateway = await startTestGateway(database, { documents: s3.storage() });
  pdf = fakePdf(64 * 1024);
  accountA = await newAccount(gateway.adminUrl, 'Conta A');
  const accountB = await newAccount(gateway.adminUrl, 'Conta B');
  tokenA = (await newToken(gateway.adminUrl, accountA, SCOPES)).token;
  tokenB = (await newToken(gateway.adminUrl, accountB, SCOPES)).token;
  viewed = await order(accountA, { document: 'visualizacao' });
});

afterAll(async () => {
  await gateway.close();
  await s3.close();
  await database.drop();
});

test('a protocolo whose check digit fails is a 404 envelope without a lookup, on the document and on the poll', async () => {
  // Issue 12 item 11: the row exists with that number (written here by hand; an acceptance never makes one), yet no
  // route reads it — the check digit already says it is a typo (docs/decisions/0050).
  const typo = await order(accountA, { document: 'visualizacao', mistyped: true });
  const headers = { authorization: `Bearer ${tokenA}` };
  for (const path of [
    `/v1/consultas/${typo.protocolo}/documento`,
    `/v1/consultas/${typo.protocolo}`, // the direct route (decision 0044)
    `/v1/consultas/${typo.protocolo}/`, // the same poll through express
  ]) {
    const response = await fetch(`${gateway.url}${path}`, { headers });
    expect([path, response.status]).toEqual([path, 404]);
    expect(await response.json()).toMatchObject({ code: 404, data: [] });
  }
  const head = await fetch(`${gateway.url}/v1/consultas/${typo.protocolo}/documento`, { method: 'HEAD', headers });
  expect(head.status).toBe(404);
  // The well-formed protocolo of an order like it is found.
  expect((await get(viewed.protocolo, tokenA)).status).toBe(200);
  expect((await fetch(`${gateway.url}/v1/consultas/${viewed.protocolo}`, { headers })).status).toBe(200);
});

test('200: the archived bytes, application/pdf, Content-Length, ETag = the SHA-256 in quotes', async () => {
  const response = await get(viewed.protocolo, tokenA);
  expect(response.status).toBe(200);
  expect(response.headers.get('content-type')).toBe('application/pdf');
  expect(response.headers.get('content-length')).toBe(String(pdf.byteLength));
  expect(response.headers.get('etag')).toBe(`"${sha256(pdf)}"`);
  expect(response.headers.get('accept-ranges')).toBe('bytes');
  // Issue 12 item 10: no copy on any disk; the ETag still serves If-None-Match (304) and If-Range.
  expect(response.headers.get('cache-control')).toBe('no-store');
  expect(response.headers.get('x-content-type-options')).toBe('nosniff');
  const body = Buffer.from(await response.arrayBuffer());
  expect(body.equals(pdf)).toBe(true);
});

test('HEAD: the same headers, no body', async () => {
  const response = await fetch(documentUrl(viewed.protocolo), {
    method: 'HEAD',
    headers: { authorization: `Bearer ${tokenA}` },
  });
  expect(response.status).toBe(200);
  expect(response.headers.get('content-length')).toBe(String(pdf.byteLength));
  expect(response.headers.get('etag')).toBe(`"${sha256(pdf)}"`);
  expect((await response.arrayBuffer()).byteLength).toBe(0);
});

test('the bearer token is required: none, malformed or in the query string → 401 envelope', async () => {
  const none = await call(documentUrl(viewed.protocolo));
  expect(none.status).toBe(401);
  expect(none.body.code).toBe(401);
  expect((await call(documentUrl(viewed.protocolo), { token: 'not-a-token' })).status).toBe(401);
  expect((await call(`${documentUrl(viewed.protocolo)}?access_token=${tokenA}`)).status).toBe(401);
});

test("another account's protocolo is answered exactly like a nonexistent one (404, contract 5.6)", async () => {
  const foreign = await call(documentUrl(viewed.protocolo), { token: tokenB });
  const missing = await call(documentUrl('20260311999999999'), { token: tokenB });
  expect(foreign.status).toBe(404);
  expect(missing.status).toBe(404);
  expect(foreign.headers.get('content-type')).toMatch(/^application\/json/);
  expect({ ...foreign.body, header: null }).toEqual({ ...missing.body, header: null });
  expect(foreign.body).toMatchObject({ code: 404, data: [], header: { billable: false, price: 0 } });
});

test('a protocolo that is not digits is nonexistent (404 envelope)', async () => {
  const answer = await call(documentUrl('abc123'), { token: tokenA });
  expect(answer.status).toBe(404);
  expect(answer.body.code).toBe(404);
});

test('an order of the caller without a document: failed, still archiving → 404 envelope', async () => {
  const failed = await order(accountA, { code: 612 });
  const archiving = await order(accountA, { state: 'archiving' });
  for (const protocolo of [failed.protocolo, archiving.protocolo]) {
    const answer = await call(documentUrl(protocolo), { token: tokenA });
    expect(answer.status).toBe(404);
    expect(answer.body.code_message).toMatch(/não tem documento/);
  }
});

test("the search's document is its printed receipt (decision 0031)", async () => {
  const search = await order(accountA, { fonte: 'pesquisa-previa-bens', document: 'comprovante' });
  const response = await get(search.protocolo, tokenA);
  expect(response.status).toBe(200);
  expect(response.headers.get('content-disposition')).toBe(`inline; filename="${search.protocolo}-comprovante.pdf"`);
});

test('If-None-Match with the ETag (or W/ it, or *) → 304 without a body; another tag → 200', async () => {
  const etag = `"${sha256(pdf)}"`;
  for (const header of [etag, `W/${etag}`, `"other", ${etag}`, '*']) {
    const response = await get(viewed.protocolo, tokenA, { 'if-none-match': header });
    expect(response.status).toBe(304);
    expect(response.headers.get('etag')).toBe(etag);
    expect((await response.arrayBuffer()).byteLength).toBe(0);
  }
  expect((await get(viewed.protocolo, tokenA, { 'if-none-match': '"other"' })).status).toBe(200);
});

test.each([
  ['bytes=0-99', 0, 99],
  ['bytes=1000-', 1000, 64 * 1024 - 1],
  ['bytes=-10', 64 * 1024 - 10, 64 * 1024 - 1],
  ['bytes=65000-999999', 65000, 64 * 1024 - 1],
])('Range %s → 206 with Content-Range and exactly those bytes', async (range, start, end) => {
  const response = await get(viewed.protocolo, tokenA, { range });
  expect(response.status).toBe(206);
  expect(response.headers.get('content-range')).toBe(`bytes ${start}-${end}/${pdf.byteLength}`);
  expect(response.headers.get('content-length')).toBe(String(end - start + 1));
  expect(Buffer.from(await response.arrayBuffer()).equals(pdf.subarray(start, end + 1))).toBe(true);
});

test('an unsatisfiable range → 416 envelope with Content-Range bytes */size', async () => {
  for (const range of [`bytes=${pdf.byteLength}-`, 'bytes=-0']) {
    const answer = await call(documentUrl(viewed.protocolo), { token: tokenA, headers: { range } });
    expect(answer.status).toBe(416);
    expect(answer.headers.get('content-range')).toBe(`bytes */${pdf.byteLength}`);
    expect(answer.body.code).toBe(416);
  }
});

test('ranges the endpoint does not serve (several, malformed, If-Range of another version) → the whole 200', async () => {
  const etag = `"${sha256(pdf)}"`;
  const cases: Record<string, string>[] = [
    { range: 'bytes=0-9,20-29' },
    { range: 'lines=1-2' },
    { range: 'bytes=9-1' },
    { range: 'bytes=0-9', 'if-range': '"another-version"' },
  ];
  for (const headers of cases) {
    const response = await get(viewed.protocolo, tokenA, headers);
    expect(response.status).toBe(200);
    expect((await response.arrayBuffer()).byteLength).toBe(pdf.byteLength);
  }
  expect((await get(viewed.protocolo, tokenA, { range: 'bytes=0-9', 'if-range': etag })).status).toBe(206);
});

test('a row whose object is missing from the bucket: 503 envelope, never a broken PDF', async () => {
  const lost = await order(accountA, { document: 'visualizacao' });
  await database.db
    .updateTable('order_document')
    .set({ storage_key: `documents/${accountA}/${lost.protocolo}/gone.pdf` })
    .where('order_id', '=', lost.id)
    .execute();
  const answer = await call(documentUrl(lost.protocolo), { token: tokenA });
  expect(answer.status).toBe(503);
  expect(answer.headers.get('content-type')).toMatch(/^application\/json/);
  expect(answer.headers.get('retry-after')).toMatch(/^[1-9][0-9]*$/);
  expect(answer.body.code).toBe(503);
});
