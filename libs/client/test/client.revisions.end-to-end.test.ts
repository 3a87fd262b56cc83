import { ManualClock } from '@regapi/calendar';
import { magicCpf } from '@regapi/origin-simulator';
import { sql } from 'kysely';
import { startSystem, type TestSystem } from '../../../deploy/test/support/system';
import { nextRevisionInS, RegapiClient, type WaitProgress } from '../src';

// A finished search can still change (docs/api.md, decision 0051): a provisional negative is revised when the origin
// closes it. waitForResult resolves at the first finished answer and says a revision is due; with `untilFinal` it
// follows the revision to the closed result. The system's clock is a manual one: the revision is due 11 minutes later.

jest.setTimeout(120_000);

let system: TestSystem;
let clock: ManualClock;
let client: RegapiClient;

beforeAll(async () => {
  clock = new ManualClock(new Date('2026-03-11T13:00:00.000Z'));
  system = await startSystem({ clock });
  const { token } = await system.customer('2000.00');
  client = new RegapiClient({ baseUrl: system.url, token });
});

afterAll(async () => {
  await system?.close();
});

const FAST = { minIntervalMs: 20, maxIntervalMs: 100, timeoutMs: 60_000 } as const;

test('a provisional search: resolved as provisional, then followed through its revision with untilFinal', async () => {
  // A UF whose offices are all in service, so the closed search reads every office.
  const { rows } = await sql<{ uf: string }>`
    SELECT uf FROM catalog_office GROUP BY uf HAVING bool_and(disponivel) ORDER BY count(*) DESC LIMIT 1`.execute(
    system.database.db,
  );
  const uf = rows[0]?.uf ?? '';
  const accepted = await client.execute('pesquisa-previa-bens', { cpf_cnpj: magicCpf('retries-pending'), uf });
  const protocolo = accepted.data[0]?.protocolo ?? '';

  const provisional = await client.waitForResult(protocolo, FAST);
  expect(provisional.code).toBe(612);
  const first = provisional.data[0];
  if (first?.fonte !== 'pesquisa-previa-bens') throw new Error('not a search');
  expect(first).toMatchObject({ provisorio: true, nada_consta: false, revisao: 0 });
  expect(nextRevisionInS(first)).toBeGreaterThan(0);

  const progress: WaitProgress[] = [];
  const final = await client.waitForResult(protocolo, {
    ...FAST,
    untilFinal: true,
    onProgress: (step) => {
      // The revision is due 11 minutes after the result: let that time pass once we are told to wait for it.
      if (step.kind === 'provisional' && !progress.some((seen) => seen.kind === 'provisional')) {
        clock.advance(11 * 60_000 + 1_000);
      }
      progress.push(step);
    },
  });
  expect(progress[0]).toMatchObject({ kind: 'provisional', protocolo, revisao: 0 });
  const closed = final.data[0];
  if (closed?.fonte !== 'pesquisa-previa-bens') throw new Error('not a search');
  expect(closed).toMatchObject({ provisorio: false, nada_consta: true, revisao: 1 });
  expect(closed.revisado_em).not.toBeNull();
  expect(nextRevisionInS(closed)).toBeNull();
});
