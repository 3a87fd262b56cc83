import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ManualClock } from '@regapi/calendar';
import { expectKind, extractPdfText, type PropertyRef } from '@regapi/origin';
import type { SimRecord } from '../src/world/records';
import { CALL, type StartedSimulator, startSimulator, WEDNESDAY_MORNING } from './start-simulator';

// Issue 29 item 1: the sandbox's simulator is restarted with the system, and a certificate it accepted before must
// still be known after (its check, its issue at the forecast, its document's signed link), as the registry would.

let dir: string;
let ordersFile: string;
let clock: ManualClock;
const running: StartedSimulator[] = [];

beforeEach(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'sim-orders-'));
  ordersFile = path.join(dir, 'orders.json');
  clock = new ManualClock(WEDNESDAY_MORNING);
});

afterEach(async () => {
  for (const started of running.splice(0)) await started.close();
  rmSync(dir, { recursive: true, force: true });
});

/** A simulator on the order file, stopped at the end of the test. */
async function simulatorOnFile(): Promise<StartedSimulator> {
  const started = await startSimulator({ seed: 23, clock, punctual: true, ordersFile });
  running.push(started);
  return started;
}

/**
 * The simulator stopped and a new one started on the same file. On another port: keeping the port is the launcher's
 * (deploy/test/standalone.sandbox-restart.test.ts), and this process's fetch would reuse its kept-alive connections to
 * the stopped one; a signed link is the same on any address.
 */
async function restart(before: StartedSimulator): Promise<StartedSimulator> {
  running.splice(running.indexOf(before), 1);
  await before.close();
  return simulatorOnFile();
}

const on = (started: StartedSimulator, link: string) => {
  const { pathname, search } = new URL(link);
  return new URL(`${pathname}${search}`, started.url).toString();
};

function propertyOf(started: StartedSimulator, index: number): PropertyRef {
  const { world } = started.simulator;
  const serving = world.records.filter((record: SimRecord) => {
    const office = world.officeByCns(record.cns);
    return office?.disponivel === true && office.issuesOnline && !office.acceptsWithoutProtocol;
  });
  const record = serving[index];
  const office = record === undefined ? undefined : world.officeByCns(record.cns);
  if (record === undefined || office === undefined) throw new Error('no serving record');
  return {
    matricula: record.matricula,
    cartorioNumero: office.numero,
    cartorioMunicipio: office.municipio,
    cartorioUf: office.uf,
  };
}

test('a certificate accepted before a restart is checked, issued at its forecast and downloaded after it; a record view is still served', async () => {
  const first = await simulatorOnFile();
  const portal = await first.loggedIn();
  const { certificate } = expectKind(await portal.orderCertificate(propertyOf(first, 0), CALL), 'accepted');
  const { view } = expectKind(await portal.orderRecordView(propertyOf(first, 1), undefined, CALL), 'delivered');

  const second = await restart(first);
  const again = await second.loggedIn();
  expectKind(await again.checkOrder(certificate.numeroPedido, CALL), 'accepted');
  // The record view's link, given before the restart, still leads to its PDF.
  const viewPdf = expectKind(await again.downloadDocument(on(second, view.document.url), CALL), 'document');
  expect(viewPdf.document.contentType).toContain('application/pdf');

  clock.set(new Date(new Date(certificate.previsaoEntregaEm).getTime() + 1));
  const issued = expectKind(await again.checkOrder(certificate.numeroPedido, CALL), 'certificate-issued');
  const pdf = expectKind(await again.downloadDocument(issued.certificate.document.url, CALL), 'document');
  expect(pdf.document.contentType).toContain('application/pdf');

  // The 7-day block outlives the restart, and no protocol number is given twice.
  expectKind(await again.orderCertificate(propertyOf(second, 0), CALL), 'repeated-order');
  const next = expectKind(await again.orderCertificate(propertyOf(second, 2), CALL), 'accepted');
  expect([certificate.numeroPedido, view.numeroPedido]).not.toContain(next.certificate.numeroPedido);
});

test("a growing sandbox record's orders outlive a restart: its block on the simulator's clock, then one act more", async () => {
  // Decision 0175: the record gains one act per order of it, so a restart must bring back the orders it took.
  const first = await simulatorOnFile();
  const growing: PropertyRef = { ...propertyOf(first, 1), matricula: '9999017' };
  const portal = await first.loggedIn();
  const before = expectKind(await portal.orderRecordView(growing, undefined, CALL), 'delivered');
  const beforeText = await extractPdfText(
    expectKind(await portal.downloadDocument(before.view.document.url, CALL), 'document').document.bytes,
  );

  const second = await restart(first);
  const again = await second.loggedIn();
  expectKind(await again.orderRecordView(growing, undefined, CALL), 'repeated-order');
  // 7 days of the simulator's clock (0.001 here: about 10 minutes), not 7 real days.
  clock.set(new Date(WEDNESDAY_MORNING.getTime() + 7 * 86_400_000 * 0.001 + 1));
  const after = expectKind(await again.orderRecordView(growing, undefined, CALL), 'delivered');
  const afterText = await extractPdfText(
    expectKind(await again.downloadDocument(after.view.document.url, CALL), 'document').document.bytes,
  );
  const count = (text: string | null, word: RegExp) => text?.match(word)?.length ?? 0;
  expect(count(beforeText, /PENHORA/g)).toBeGreaterThan(0);
  expect(count(afterText, /PENHORA/g)).toBe(count(beforeText, /PENHORA/g));
  expect(count(afterText, /CANCELAMENTO do R-\d+/g)).toBe(count(beforeText, /CANCELAMENTO do R-\d+/g) + 1);
});

test('a reset empties the file: the next start knows none of the orders before it', async () => {
  const first = await simulatorOnFile();
  const { certificate } = expectKind(
    await (await first.loggedIn()).orderCertificate(propertyOf(first, 0), CALL),
    'accepted',
  );
  await first.control.reset();
  const second = await restart(first);
  expectKind(await (await second.loggedIn()).checkOrder(certificate.numeroPedido, CALL), 'order-not-found');
});

test('a file it cannot read fails the start, naming the file, rather than starting an origin that forgot', async () => {
  writeFileSync(ordersFile, '{"version":1,"issued":3,"orders":[{"kind":"certificate","numero":"3"}]}\n');
  await expect(simulatorOnFile()).rejects.toThrow(ordersFile);
});
