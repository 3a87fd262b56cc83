import { keepDeadLetter, scheduleMessage } from '@regapi/bus';
import { ManualClock } from '@regapi/calendar';
import { markOfficeUnavailable, setProductEnabled } from '@regapi/catalog';
import { FONTES, type Fonte } from '@regapi/contracts';
import { estimateStart, transition } from '@regapi/orders';
import { useTestDatabase } from '@regapi/testkit';
import { computeSnapshot, type SnapshotFigures } from '../src';
import { insertWatch, updateWatch } from '../src/certificates/watch-store';
import { insertReconciliation } from '../src/record-views/reconciliation-store';
import { acceptPaidOrder, fundedAccount, SNAPSHOT_SETTINGS } from './support/snapshot-fixtures';

// Issue 13: the pipeline snapshot's figures, computed from rows written by the libraries that own them (orders,
// ledger, catalog, bus, the reconciler's own stores), against a real PostgreSQL. docs/decisions/0064.

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const database = useTestDatabase();
// A few minutes after the real time: rows the database stamps itself (outbox, ledger) are that much older.
const clock = new ManualClock(new Date(Date.now() + 5 * MINUTE));
// Two searches per hour, so the search's estimate is bound by the ceiling, not the queue.
const settings = { ...SNAPSHOT_SETTINGS, hourlySearchCeiling: 2 };

const ago = (ms: number): Date => new Date(clock.now().getTime() - ms);

test('an empty platform: every product reported, in service, nothing queued, nothing owed, the ledger holding', async () => {
  const { figures, computedAt } = await computeSnapshot(database.db, clock, settings);
  expect(computedAt).toEqual(clock.now());
  const idle = { queued: 0, queueOldestAgeS: 0, expectedWaitS: 0, inService: true };
  expect(figures).toEqual<SnapshotFigures>({
    searchesLastHour: 0,
    searchCeiling: 2,
    products: { 'pesquisa-previa-bens': idle, 'visualizacao-matricula': idle, 'certidao-inteiro-teor': idle },
    outboxBacklog: 0,
    outboxOldestAgeS: 0,
    scheduledOverdue: 0,
    deadLettersPending: 0,
    archiveDownloadsRetrying: 0,
    webhooksPending: 0,
    webhooksOldestPendingAgeS: 0,
    watches: {
      ativo: { pessoa: 0, matricula: 0 },
      pausado: { pessoa: 0, matricula: 0 },
      removido: { pessoa: 0, matricula: 0 },
    },
    watchRunsLastDay: {
      em_andamento: 0,
      primeira: 0,
      sem_alteracao: 0,
      alteracao: 0,
      atrasada: 0,
      falhou: 0,
      nao_executada_saldo: 0,
      adiada_por_bloqueio: 0,
    },
    watchRunsLateLastHour: 0,
    watchOriginSessionShare: 0,
    certificatesInIssue: 0,
    certificateWatchesExhausted: 0,
    recordViewsAwaitingReconciliation: 0,
    reconciliationOldestWaitS: 0,
    officesUnavailable: 0,
    customerBalancesCentavos: 0,
    registryMismatches: 0,
    ledger: {
      recentProblems: 0,
      fullProblems: 0,
      fullCheckedAt: clock.now().toISOString(),
      fullCheckMs: expect.any(Number),
    },
  });
});

test('a busy platform: the queue per product, its ages, the ceiling, the waits consultar_daqui_s would give, the money', async () => {
  const account = await fundedAccount(database.db, 100_000);
  const accept = (fonte: Fonte, agoMs: number) =>
    acceptPaidOrder(database.db, { accountId: account, fonte, priceCentavos: 1_000, at: ago(agoMs) });
  const searches = [await accept('pesquisa-previa-bens', 5 * MINUTE), await accept('pesquisa-previa-bens', MINUTE)];
  const recordView = await accept('visualizacao-matricula', 2 * MINUTE);
  const certificate = await accept('certidao-inteiro-teor', 30 * MINUTE);
  await database.db.transaction().execute(async (trx) => {
    await transition(trx, certificate.id, 'startAttempt', { attempts: 1, attempt_started_at: ago(20 * MINUTE) });
    await transition(trx, certificate.id, 'awaitIssue', { status_consulta: 'EM_EMISSAO' });
  });
  // Two searches placed at the origin within the hour (the ceiling is reached), one before it (not counted).
  for (const [order, startedAgo] of [
    [searches[0], 10 * MINUTE],
    [searches[1], 20 * MINUTE],
    [recordView, 70 * MINUTE],
  ] as const) {
    await database.db
      .insertInto('origin_order_attempt')
      .values({
        id: crypto.randomUUID(),
        order_id: order?.id ?? '',
        fonte: 'pesquisa-previa-bens',
        started_at: ago(startedAgo),
        answered_at: null,
        outcome: null,
        numero_pedido: null,
      })
      .execute();
  }
  await setProductEnabled(database.db, 'visualizacao-matricula', false, 'origem respondeu 603', clock.now());
  for (const numero of [1, 2, 3]) {
    await database.db
      .insertInto('catalog_office')
      .values({
        cns: `11111${numero}`,
        numero,
        nome: `${numero}º Registro de Imóveis de Campinas`,
        municipio: 'Campinas',
        municipio_chave: 'CAMPINAS',
        uf: 'SP',
        time_zone: 'America/Sao_Paulo',
        disponivel: true,
      })
      .execute();
  }
  await markOfficeUnavailable(database.db, { uf: 'SP', municipio: 'Campinas', numero: 2 });
  await markOfficeUnavailable(database.db, { uf: 'SP', municipio: 'Campinas', numero: 3 });
  const message = { routingKey: 'test.scheduled', payload: { ok: true } };
  await scheduleMessage(database.db, { ...message, dueAt: ago(2 * MINUTE) });
  await scheduleMessage(database.db, { ...message, dueAt: ago(30_000) });
  await scheduleMessage(database.db, { ...message, dueAt: ago(-MINUTE) });
  // A document download the archive tries again later (decision 0135): counted, not overdue.
  const retry = { routingKey: 'document.delivered', payload: { attempt: 2 }, dueAt: ago(-MINUTE) };
  await scheduleMessage(database.db, { ...retry, dedupeKey: `archive-retry:${certificate.id}` });
  // Webhook deliveries (decision 0155): pending to an enabled endpoint counted, the oldest's age; a pending one of a
  // disabled endpoint (it waits for the customer) and a delivered one are not.
  const endpoint = async (enabled: boolean) =>
    (
      await database.db
        .insertInto('webhook_endpoint')
        .values({
          account_id: account,
          url: 'https://hooks.example.com/snapshot',
          events: ['consulta.finalizada'],
          secret: 'whsec_dGVzdA==',
          description: null,
          enabled,
          disabled_at: null,
          disabled_reason: null,
          failing_since: null,
          created_at: ago(HOUR),
          updated_at: ago(HOUR),
        })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id;
  const [enabledHook, disabledHook] = [await endpoint(true), await endpoint(false)];
  for (const [endpointId, state, agoMs] of [
    [enabledHook, 'pending', 7 * MINUTE],
    [enabledHook, 'pending', MINUTE],
    [enabledHook, 'delivered', HOUR],
    [disabledHook, 'pending', HOUR],
  ] as const) {
    await database.db
      .insertInto('webhook_delivery')
      .values({
        endpoint_id: endpointId,
        account_id: account,
        event_id: crypto.randomUUID(),
        event_type: 'consulta.finalizada',
        payload: '{}',
        state,
        attempts: 0,
        next_attempt_at: state === 'pending' ? ago(0) : null,
        created_at: ago(agoMs),
        delivered_at: state === 'delivered' ? ago(agoMs) : null,
      })
      .execute();
  }
  await keepDeadLetter(database.db, {
    queue: 'archive.documents',
    message: { id: crypto.randomUUID(), routingKey: 'document.delivered', payload: {}, headers: {} },
    deliveries: 5,
    reason: 'teste',
    deadAt: clock.now(),
  });
  await database.db.transaction().execute(async (trx) => {
    await insertWatch(trx, {
      orderId: certificate.id,
      state: 'watching',
      checks: 0,
      timeZone: 'America/Sao_Paulo',
      nextCheckAt: clock.now(),
      at: clock.now(),
    });
    await updateWatch(trx, certificate.id, { state: 'exhausted', checks: 24, nextCheckAt: null, at: clock.now() });
  });
  await insertReconciliation(database.db, { orderId: recordView.id, nextRoundAt: clock.now(), at: ago(3 * MINUTE) });

  const now = clock.now();
  // Two registry reconciliations: the newest one's mismatches are reported.
  for (const [mismatches, computedAt] of [
    [5, ago(2 * 60_000)],
    [3, ago(60_000)],
  ] as const) {
    await database.db
      .insertInto('registry_reconciliation')
      .values({
        period_from: ago(86_400_000),
        period_to: ago(0),
        month: null,
        mismatches,
        totals: '{}',
        computed_at: computedAt,
      })
      .execute();
  }
  const { figures } = await computeSnapshot(database.db, clock, settings);

  const waitOf = async (fonte: Fonte) => {
    const estimate = await estimateStart(database.db, { fonte, state: 'queued', position: 'last' }, now, {
      hourlySearchCeiling: 2,
    });
    return (estimate.startAt.getTime() - now.getTime()) / 1000;
  };
  // The queue ahead of a new order: two searches (72 s each) and a record view (60 s); the certificate is in issue.
  expect(await waitOf('visualizacao-matricula')).toBe(204);
  // The search waits for the ceiling: the two queued searches take the slots the placements free at +40 and +50 min,
  // so a new one gets the slot the first of them frees an hour later (+100 min).
  expect(await waitOf('pesquisa-previa-bens')).toBe(100 * 60);
  for (const fonte of FONTES) expect(figures.products[fonte].expectedWaitS).toBe(await waitOf(fonte));
  expect(figures.products).toEqual({
    'pesquisa-previa-bens': { queued: 2, queueOldestAgeS: 300, expectedWaitS: 6000, inService: true },
    'visualizacao-matricula': { queued: 1, queueOldestAgeS: 120, expectedWaitS: 204, inService: false },
    'certidao-inteiro-teor': { queued: 0, queueOldestAgeS: 0, expectedWaitS: 204, inService: true },
  });
  expect(figures.searchesLastHour).toBe(2);
  expect(figures.searchCeiling).toBe(2);
  // Every acceptance and transition wrote its message to the outbox (nothing relays it here), stamped by the database.
  const outbox = await database.db
    .selectFrom('outbox')
    .select(({ fn }) => [fn.countAll<number>().as('n'), fn.min<Date>('created_at').as('oldest')])
    .executeTakeFirstOrThrow();
  expect(outbox.n).toBeGreaterThanOrEqual(4);
  expect(figures.outboxBacklog).toBe(outbox.n);
  expect(figures.outboxOldestAgeS).toBeCloseTo((now.getTime() - outbox.oldest.getTime()) / 1000, 2);
  expect(figures.outboxOldestAgeS).toBeGreaterThan(60);
  expect(figures.scheduledOverdue).toBe(1);
  expect(figures.archiveDownloadsRetrying).toBe(1);
  expect(figures.webhooksPending).toBe(2);
  expect(figures.webhooksOldestPendingAgeS).toBe(420);
  expect(figures.deadLettersPending).toBe(1);
  expect(figures.certificatesInIssue).toBe(1);
  expect(figures.certificateWatchesExhausted).toBe(1);
  expect(figures.recordViewsAwaitingReconciliation).toBe(1);
  expect(figures.reconciliationOldestWaitS).toBe(180);
  expect(figures.officesUnavailable).toBe(2);
  expect(figures.customerBalancesCentavos).toBe(100_000 - 4 * 1_000);
  expect(figures.registryMismatches).toBe(3);
  expect(figures.ledger).toMatchObject({ recentProblems: 0, fullProblems: 0 });
});
