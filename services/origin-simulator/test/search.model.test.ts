import { formatCpfCnpj, type Uf } from '@regapi/br';
import { expectKind, ORIGIN_PATHS, type OriginPortal } from '@regapi/origin';
import { LatencyModel, SCANNING_SHARE } from '../src/portal/latency';
import type { SimOffice } from '../src/world/offices';
import type { SimPerson } from '../src/world/people';
import { SEARCH_REACH_START } from '../src/world/world';
import { CALL, type StartedSimulator, startSimulator } from './start-simulator';

describe('preliminary search: rows per record, coverage, the 1976 horizon, the latency model (contract 2.4, contract 8)', () => {
  let started: StartedSimulator;
  let portal: OriginPortal;
  beforeAll(async () => {
    started = await startSimulator({ seed: 29 });
  });
  afterAll(() => started.close());
  beforeEach(async () => {
    await started.control.reset();
    portal = await started.loggedIn();
  });

  const world = () => started.simulator.world;
  const office = (cns: string): SimOffice => {
    const found = world().officeByCns(cns);
    if (!found) throw new Error(`no office ${cns}`);
    return found;
  };
  /** A person and UF whose indexed records satisfy `test`. */
  const personWhere = (
    test: (records: ReturnType<typeof world>['records'][number][]) => boolean,
  ): { person: SimPerson; uf: Uf } => {
    for (const person of world().people) {
      for (const uf of [person.homeUf]) {
        if (test([...world().indexedRecords(person.id, uf)])) return { person, uf };
      }
    }
    throw new Error('nobody fits');
  };
  const search = async (person: SimPerson, uf: Uf) => {
    const outcome = await portal.searchProperties({ cpfCnpj: person.doc, uf }, CALL);
    if (outcome.kind !== 'found' && outcome.kind !== 'nothing-found') throw new Error(JSON.stringify(outcome));
    return outcome;
  };

  it('gives one row per record: an office with several findings repeats', async () => {
    const { person, uf } = personWhere(
      (records) => records.length >= 2 && new Set(records.map((r) => r.cns)).size < records.length,
    );
    const { search: result } = expectKind(await search(person, uf), 'found');
    expect(result.rows.length).toBe(world().indexedRecords(person.id, uf).length);
    expect(new Set(result.rows.map((row) => row.cartorioCns)).size).toBeLessThan(result.rows.length);
    expect(result.coverage.linhas).toBe(result.rows.length);
    expect(result.pesquisadoDocumento).toBe(formatCpfCnpj(person.doc));
  });

  it('shows "record number not informed" as a null matrícula: the record exists', async () => {
    const { person, uf } = personWhere((records) =>
      records.some((r) => office(r.cns).disponivel && !office(r.cns).informsMatricula),
    );
    const { search: result } = expectKind(await search(person, uf), 'found');
    const row = result.rows.find((r) => !office(r.cartorioCns).informsMatricula);
    expect(row?.matricula).toBeNull();
    expect(row?.cartorioNome).toBe(office(row?.cartorioCns ?? '').nome);
  });

  it('flags offices with an incomplete collection and offices out of service (rows from the last collection)', async () => {
    const incomplete = personWhere((records) => records.some((r) => office(r.cns).incompleteCollection));
    const first = expectKind(await search(incomplete.person, incomplete.uf), 'found').search;
    expect(first.rows.some((row) => row.coletaIncompleta)).toBe(true);
    expect(first.coverage.cartoriosColetaIncompleta).toBeGreaterThan(0);

    const down = personWhere((records) => records.some((r) => !office(r.cns).disponivel));
    const second = expectKind(await search(down.person, down.uf), 'found').search;
    expect(second.rows.some((row) => row.semResposta)).toBe(true);
    expect(second.coverage.cartoriosForaDoAr).toBeGreaterThan(0);
    expect(second.coverage.cartoriosResponderam).toBeLessThan(second.coverage.cartoriosTotal);
  });

  it('never reaches acts before 01/01/1976: a person seen only in older acts is not found', async () => {
    const indexed = new Set<number>();
    const older = new Map<number, Uf>();
    for (const record of world().records) {
      for (const act of record.acts) {
        for (const party of act.parties) {
          if (act.date >= SEARCH_REACH_START) indexed.add(party.personId);
          else older.set(party.personId, office(record.cns).uf);
        }
      }
    }
    const hidden = [...older].find(([id]) => !indexed.has(id));
    if (!hidden) throw new Error('no person only in acts before 1976');
    const person = world().personById(hidden[0]);
    if (!person) throw new Error('unknown person');
    const outcome = await search(person, hidden[1]);
    expect(outcome.kind).toBe('nothing-found');
    expect(outcome.search.pesquisadoNome).toBe(
      person.nome
        .normalize('NFD')
        .replace(/[\u0300-\u036f]/g, '')
        .toUpperCase(),
    );
  });

  it('takes the declarations 1, 2 and 3 and refuses any other as data (contract 2.3)', async () => {
    const [owner] = await started.control.samples();
    const taken = await portal.searchProperties(
      { cpfCnpj: owner?.cpfCnpj ?? '', uf: owner?.uf ?? 'SP', finalidade: 3 },
      CALL,
    );
    expect(taken.kind).toBe('found');
    const login = await fetch(`${started.url}${ORIGIN_PATHS.session}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ usuario: 'regapi', senha: 'simulador' }),
    });
    const cookie = (login.headers.getSetCookie()[0] ?? '').split(';')[0] ?? '';
    const refused = await fetch(`${started.url}${ORIGIN_PATHS.searches}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie },
      body: JSON.stringify({ documento: owner?.cpfCnpj, uf: owner?.uf, finalidade: 4 }),
    });
    expect(refused.status).toBe(422);
    expect(((await refused.json()) as { erro: string }).erro).toBe('DADOS_RECUSADOS');
  });

  it('models latency with a p50 of 72 s, about 85% of it scanning offices', () => {
    const model = new LatencyModel(1, 1);
    const draws = Array.from({ length: 2001 }, () => model.draw('search')).sort((a, b) => a - b);
    const median = draws[1000] ?? 0;
    expect(median).toBeGreaterThan(68_000);
    expect(median).toBeLessThan(76_000);
    expect(SCANNING_SHARE).toBe(0.85);
    expect(new LatencyModel(1, 0.05).scaled(72_000)).toBe(3_600);
  });

  it('reports the run time and its scanning share', async () => {
    const [owner] = await started.control.samples();
    const { search: result } = expectKind(
      await portal.searchProperties({ cpfCnpj: owner?.cpfCnpj ?? '', uf: owner?.uf ?? 'SP' }, CALL),
      'found',
    );
    expect(result.varreduraMs / result.duracaoMs).toBeGreaterThan(0.81);
    expect(result.varreduraMs / result.duracaoMs).toBeLessThan(0.89);
    expect(result.executadaEm).toBe(started.simulator.clock.now().toISOString());
  });
});
