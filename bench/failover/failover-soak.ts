import os from 'node:os';
import { cpfCheckDigits } from '@regapi/br';
import { createRabbitBus } from '@regapi/bus';
import { systemClock } from '@regapi/calendar';
import { createDb, type DbHandle } from '@regapi/db';
import { verifyLedger } from '@regapi/ledger';
import { createHttpOriginPortal } from '@regapi/origin';
import { createOriginSession } from '@regapi/origin-session';
import type { Service } from '@regapi/runtime';
import { silentLogger } from '@regapi/telemetry';
import { waitFor } from '@regapi/testkit';
import { sql } from 'kysely';
import { startSystem, type TestSystem } from '../../deploy/test/support/system';
import { UsageError } from '../usage-error';

/**
 * `pnpm bench failover-soak [--changes N] [--replicas R]`: issue 26's soak. The whole system in this process (gateway,
 * billing, archive, reconciler, origin-session) plus R-1 more origin-session replicas on pools and brokers of their
 * own; orders of every product accepted through the public API all along; every ~0.7 s the leader's lock session is
 * ended by PostgreSQL (pg_terminate_backend: its term is lost mid-whatever, a call in flight included) and a standby
 * takes over. At the end: orders placed twice at the simulator, accepted orders refunded as 605, certificates lost,
 * ledger problems — each must be 0 — and how long the hand-overs took.
 */

const TIME_SCALE = 0.002;
const CHANGE_EVERY_MS = 700;
/** The real account's 50 searches an hour (contract 8) would hold most of a long soak's searches for an hour. */
const SOAK_CEILING = 10_000;

interface Options {
  readonly changes: number;
  readonly replicas: number;
}

function parse(args: readonly string[]): Options {
  let changes = 200;
  let replicas = 3;
  for (let i = 0; i < args.length; i += 2) {
    const value = Number(args[i + 1]);
    if (args[i] === '--changes' && Number.isInteger(value) && value > 0) changes = value;
    else if (args[i] === '--replicas' && Number.isInteger(value) && value >= 2) replicas = value;
    else throw new UsageError(`unknown option ${args[i]} (--changes N, --replicas R)`);
  }
  return { changes, replicas };
}

function cpf(n: number): string {
  const base = `5${String(n).padStart(8, '0')}`;
  return `${base}${cpfCheckDigits(base)}`;
}

/** Well-behaved records of the simulated world (an office in service that issues online and names its records). */
function propertyBodies(system: TestSystem, count: number): Record<string, unknown>[] {
  const bodies: Record<string, unknown>[] = [];
  for (const record of system.simulator.world.records) {
    const office = system.simulator.world.officeByCns(record.cns);
    if (!office?.disponivel || !office.issuesOnline || office.acceptsWithoutProtocol || !office.informsMatricula)
      continue;
    bodies.push({
      cpf_cnpj: cpf(90_000 + bodies.length),
      imovel_matricula: record.matricula,
      imovel_cartorio: office.numero,
      imovel_municipio: office.municipio,
      imovel_uf: office.uf,
    });
    if (bodies.length >= count) break;
  }
  return bodies;
}

async function replica(system: TestSystem, index: number, handles: DbHandle[]): Promise<Service> {
  const db = createDb(system.database.url, { max: 4, applicationName: `soak-replica-${index}` });
  handles.push(db);
  const bus = createRabbitBus({ url: system.vhost.url, logger: silentLogger() });
  await waitFor(() => bus.isReady(), { what: 'the broker' });
  const service = createOriginSession({
    db,
    bus,
    logger: silentLogger(),
    portal: createHttpOriginPortal({ baseUrl: system.originUrl, ...system.simulator.credentials }),
    clock: systemClock,
    settings: {
      account: system.simulator.credentials.username,
      schedulerPollMs: 50,
      originTimeScale: TIME_SCALE,
      recheckMs: 300,
      hourlySearchCeiling: SOAK_CEILING,
    },
  });
  await service.start();
  return service;
}

export async function runFailoverSoak(args: readonly string[]): Promise<void> {
  const options = parse(args);
  const started = Date.now();
  const system = await startSystem({
    timeScale: TIME_SCALE,
    originSettings: { hourlySearchCeiling: SOAK_CEILING, recheckMs: 300 },
  });
  const handles: DbHandle[] = [];
  const replicas: Service[] = [];
  try {
    for (let i = 1; i < options.replicas; i++) replicas.push(await replica(system, i, handles));
    const { token } = await system.customer('50000.00');
    const execute = async (fonte: string, body: Record<string, unknown>) => {
      const answer = await fetch(`${system.url}/v1/consultas/${fonte}`, {
        method: 'POST',
        headers: {
          authorization: `Bearer ${token}`,
          'idempotency-key': crypto.randomUUID(),
          'content-type': 'application/json',
        },
        body: JSON.stringify(body),
      });
      const json = (await answer.json()) as { data: { protocolo?: string }[] };
      if (answer.status !== 202) throw new Error(`${fonte}: HTTP ${answer.status} ${JSON.stringify(json)}`);
      return String(json.data[0]?.protocolo);
    };

    const properties = propertyBodies(system, options.changes);
    const accepted: { fonte: string; protocolo: string; key: string }[] = [];
    const handOvers: number[] = [];
    let terminated = 0;
    for (let change = 0; change < options.changes; change++) {
      // Load: one order of a product in turn at each change.
      const product = change % 3;
      if (product === 0) {
        const document = cpf(change);
        accepted.push({
          fonte: 'pesquisa-previa-bens',
          protocolo: await execute('pesquisa-previa-bens', { cpf_cnpj: document, uf: 'SP' }),
          key: document,
        });
      } else {
        const body = properties[change];
        if (body !== undefined) {
          const fonte = product === 1 ? 'visualizacao-matricula' : 'certidao-inteiro-teor';
          accepted.push({ fonte, protocolo: await execute(fonte, body), key: String(body.imovel_matricula) });
        }
      }
      await new Promise((resolve) => setTimeout(resolve, CHANGE_EVERY_MS));
      const before = await sql<{ epoch: string }>`SELECT epoch FROM origin_leadership`.execute(system.database.db);
      const ended = await sql<{ ended: boolean }>`
        SELECT pg_terminate_backend(pid) AS ended FROM pg_locks
        WHERE locktype = 'advisory' AND granted AND classid = hashtext('regapi.origin-account')::oid
          AND database = (SELECT oid FROM pg_database WHERE datname = current_database())`.execute(system.database.db);
      if (ended.rows.length === 0) continue;
      terminated++;
      const at = performance.now();
      const previous = Number(before.rows[0]?.epoch ?? 0);
      await waitFor(
        async () => {
          const now = await sql<{ epoch: string }>`SELECT epoch FROM origin_leadership`.execute(system.database.db);
          return Number(now.rows[0]?.epoch ?? 0) > previous ? true : undefined;
        },
        { timeoutMs: 30_000, intervalMs: 10, what: 'the next leader' },
      );
      handOvers.push(performance.now() - at);
    }

    // Every order ends (a certificate: accepted and followed), then the books are read.
    const states = await waitFor(
      async () => {
        const { rows } = await sql<{
          protocolo: string;
          state: string;
          code: number | null;
          fonte: string;
          numero_pedido: string | null;
        }>`
          SELECT protocolo, state, code, fonte, numero_pedido FROM orders`.execute(system.database.db);
        const open = rows.filter((row) => row.state !== 'finished' && row.state !== 'awaiting_issue');
        return open.length === 0 && rows.length === accepted.length ? rows : undefined;
      },
      { timeoutMs: 300_000, intervalMs: 500, what: 'every order ended' },
    ).catch(async (thrown: unknown) => {
      const { rows } = await sql<Record<string, unknown>>`
        SELECT o.protocolo, o.fonte, o.state, o.attempts, o.numero_pedido,
               (SELECT json_agg(json_build_object('outcome', a.outcome, 'resolution', a.resolution, 'epoch', a.epoch,
                  'numero', a.numero_pedido) ORDER BY a.started_at) FROM origin_order_attempt a WHERE a.order_id = o.id) AS intents,
               (SELECT max(due_at) FROM scheduled_message s WHERE s.dedupe_key = 'run-order:' || o.id::text) AS due
          FROM orders o WHERE o.state NOT IN ('finished', 'awaiting_issue')`.execute(system.database.db);
      process.stdout.write(`orders that did not end:\n${JSON.stringify(rows, null, 1)}\n`);
      throw thrown;
    });
    const created = (await system.originOrders()).filter((entry) => entry.numero_pedido !== null);
    const createdFor = (order: { fonte: string; key: string }) =>
      created.filter((entry) =>
        order.fonte === 'pesquisa-previa-bens'
          ? entry.operation === 'search' && String(entry.input.documento).replace(/\D/g, '') === order.key
          : entry.operation === (order.fonte === 'visualizacao-matricula' ? 'record-view' : 'certificate') &&
            entry.input.matricula === order.key,
      ).length;
    const twice = accepted.filter((order) => createdFor(order) > 1);
    const byProtocolo = new Map(states.map((row) => [row.protocolo, row]));
    const refunded605 = accepted.filter(
      (order) => byProtocolo.get(order.protocolo)?.code === 605 && createdFor(order) > 0,
    );
    const lostCertificates = accepted.filter(
      (order) =>
        order.fonte === 'certidao-inteiro-teor' &&
        byProtocolo.get(order.protocolo)?.state === 'finished' &&
        byProtocolo.get(order.protocolo)?.code !== 200,
    );
    const ledgerProblems = await verifyLedger(system.database.db);
    const sorted = [...handOvers].sort((a, b) => a - b);
    const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? Number.NaN;
    const counts = (fonte: string) => accepted.filter((order) => order.fonte === fonte).length;
    const report = [
      `failover soak — ${new Date().toISOString()} on ${os.hostname()} (${os.cpus().length} cores), ${options.replicas} replicas`,
      `leader changes: ${terminated} (terms ended by PostgreSQL mid-work, every ${CHANGE_EVERY_MS} ms)`,
      `orders: ${accepted.length} (searches ${counts('pesquisa-previa-bens')}, record views ${counts('visualizacao-matricula')}, certificates ${counts('certidao-inteiro-teor')})`,
      `hand-over (term ended → next epoch committed): p50 ${at(0.5).toFixed(0)} ms, p99 ${at(0.99).toFixed(0)} ms, max ${at(1).toFixed(0)} ms`,
      `orders placed twice at the origin: ${twice.length}`,
      `accepted orders refunded as 605: ${refunded605.length}`,
      `certificates lost: ${lostCertificates.length}`,
      `ledger problems: ${ledgerProblems.length}`,
      `wall time: ${((Date.now() - started) / 1000).toFixed(0)} s`,
    ];
    process.stdout.write(`${report.join('\n')}\n`);
    if (twice.length + refunded605.length + lostCertificates.length + ledgerProblems.length > 0) {
      process.stdout.write(`${JSON.stringify({ twice, refunded605, lostCertificates, ledgerProblems }, null, 2)}\n`);
    }
  } finally {
    for (const service of replicas) await service.stop();
    for (const handle of handles) await handle.close();
    await system.close();
  }
}
