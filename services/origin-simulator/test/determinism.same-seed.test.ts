import { createHash } from 'node:crypto';
import { expectKind, type OriginPortal, type OriginSample } from '@regapi/origin';
import { generateWorld } from '../src/world/world';
import { CALL, type StartedSimulator, startSimulator } from './start-simulator';

/** A scripted session whose every answer is recorded, links rebased so two simulators on two ports compare. */
async function script(started: StartedSimulator): Promise<string> {
  const portal: OriginPortal = await started.loggedIn();
  const samples: readonly OriginSample[] = await started.control.samples();
  const owner = samples[2];
  const property = samples[3]?.imoveis[0];
  if (!owner || !property) throw new Error('not enough samples');
  const answers: unknown[] = [samples];
  answers.push(await portal.fetchTariffs(CALL));
  answers.push(await portal.searchProperties({ cpfCnpj: owner.cpfCnpj, uf: owner.uf, nome: owner.nome }, CALL));
  answers.push(await portal.searchProperties({ cpfCnpj: '00000000191', uf: 'SP' }, CALL));
  answers.push(await portal.orderRecordView(property, 1, CALL));
  const certificate = expectKind(await portal.orderCertificate(samples[4]?.imoveis[0] ?? property, CALL), 'accepted');
  answers.push(certificate);
  answers.push(await portal.checkOrder(certificate.certificate.numeroPedido, CALL));
  answers.push(await portal.listOrders(new Date(0), CALL));
  return JSON.stringify(answers).replaceAll(started.url, 'http://origin');
}

function digest(value: unknown): string {
  return createHash('sha256').update(JSON.stringify(value)).digest('hex');
}

describe('determinism: the same seed gives the same answers', () => {
  it('generates the same world from the same seed, and another from another seed', () => {
    // A smaller population than the default: the same code, a third of the time.
    const size = { naturalPersons: 6_000, companies: 600 };
    const first = generateWorld(5, size);
    const again = generateWorld(5, size);
    const other = generateWorld(6, size);
    // Digests: a deep equality over 40,000 objects is slow in jest and says no more.
    for (const part of ['offices', 'people', 'records', 'samples'] as const) {
      expect(digest(again[part])).toBe(digest(first[part]));
      expect(digest(other[part])).not.toBe(digest(first[part]));
    }
    expect([...again.tariffs.searchFees]).toEqual([...first.tariffs.searchFees]);
    expect([...other.tariffs.searchFees]).not.toEqual([...first.tariffs.searchFees]);
  });

  it('two simulators with one seed and one clock answer the same script identically', async () => {
    const a = await startSimulator({ seed: 21 });
    const b = await startSimulator({ seed: 21 });
    try {
      const [first, second] = await Promise.all([script(a), script(b)]);
      expect(second).toBe(first);
      expect(first).toContain('numeroPedido');
    } finally {
      await Promise.all([a.close(), b.close()]);
    }
  });

  it('a reset replays the same answers', async () => {
    const started = await startSimulator({ seed: 21 });
    try {
      const first = await script(started);
      await started.control.reset();
      expect(await script(started)).toBe(first);
    } finally {
      await started.close();
    }
  });
});
