import { parseCnm, UFS, type Uf } from '@regapi/br';
import { rngFor } from '../random/prng';
import { normalizeText } from './normalize';
import { generateOffices, type SimOffice } from './offices';
import { generatePeople, type SimPerson } from './people';
import { generateRecords, type SimRecord } from './records';
import { generateTariffs, type SimTariffs } from './tariffs';
import { UF_OFFICE_DATA } from './uf-office-data';

/** Contract 2.4 / 8: the search's indexed base starts here; earlier acts cannot be reached by any parameter. */
export const SEARCH_REACH_START = '1976-01-01';

export interface SimSample {
  readonly person: SimPerson;
  readonly uf: Uf;
  readonly records: readonly SimRecord[];
}

/** Everything the simulated registry knows, generated once from the seed and never changed by requests. */
export interface SimWorld {
  readonly seed: number;
  readonly offices: readonly SimOffice[];
  readonly tariffs: SimTariffs;
  readonly people: readonly SimPerson[];
  readonly records: readonly SimRecord[];
  readonly samples: readonly SimSample[];
  officeByCns(cns: string): SimOffice | undefined;
  officesOf(uf: Uf): readonly SimOffice[];
  /** The office a property request names: UF + municipality (accents and case ignored) + number. */
  findOffice(uf: Uf, municipio: string, numero: number): SimOffice | undefined;
  /** A record by number (leading zeros ignored), by its former number, or by CNM. */
  findRecord(office: SimOffice, matricula: string): SimRecord | undefined;
  recordsIn(office: SimOffice): readonly SimRecord[];
  personByDoc(doc: string): SimPerson | undefined;
  personById(id: number): SimPerson | undefined;
  /** Records where the person appears in an act the search reaches (from 1976 on), in one UF. */
  indexedRecords(personId: number, uf: Uf): readonly SimRecord[];
}

export interface WorldSize {
  readonly naturalPersons: number;
  readonly companies: number;
}

const DEFAULT_SIZE: WorldSize = { naturalPersons: 20_000, companies: 2_000 };

export function generateWorld(seed: number, size: WorldSize = DEFAULT_SIZE): SimWorld {
  const offices = generateOffices(seed);
  const tariffs = generateTariffs(seed, offices);
  const weights = new Map<Uf, number>(UFS.map((uf) => [uf, UF_OFFICE_DATA[uf].total]));
  const people = generatePeople(seed, weights, size);
  const records = generateRecords(seed, offices, people);

  const byCns = new Map(offices.map((o) => [o.cns, o]));
  const byUf = new Map<Uf, SimOffice[]>();
  const byAddress = new Map<string, SimOffice>();
  for (const office of offices) {
    const ofUf = byUf.get(office.uf);
    if (ofUf) ofUf.push(office);
    else byUf.set(office.uf, [office]);
    byAddress.set(addressKey(office.uf, office.municipio, office.numero), office);
  }
  const recordsByOffice = new Map<string, Map<string, SimRecord>>();
  const index = new Map<number, SimRecord[]>();
  const recordsByCns = new Map<string, SimRecord[]>();
  for (const record of records) {
    const inOffice = recordsByCns.get(record.cns);
    if (inOffice) inOffice.push(record);
    else recordsByCns.set(record.cns, [record]);
    const numbers = recordsByOffice.get(record.cns) ?? new Map<string, SimRecord>();
    numbers.set(record.matricula, record);
    if (record.matriculaAnterior) numbers.set(record.matriculaAnterior, record);
    recordsByOffice.set(record.cns, numbers);
    const reached = new Set<number>();
    for (const act of record.acts) {
      if (act.date < SEARCH_REACH_START) continue;
      for (const party of act.parties) reached.add(party.personId);
    }
    for (const personId of reached) {
      const found = index.get(personId);
      if (found) found.push(record);
      else index.set(personId, [record]);
    }
  }
  const byDoc = new Map(people.map((p) => [p.doc, p]));

  const world: SimWorld = {
    seed,
    offices,
    tariffs,
    people,
    records,
    samples: [],
    officeByCns: (cns) => byCns.get(cns),
    officesOf: (uf) => byUf.get(uf) ?? [],
    findOffice: (uf, municipio, numero) => byAddress.get(addressKey(uf, municipio, numero)),
    findRecord(office, matricula) {
      const number = recordNumber(office, matricula);
      return number === undefined ? undefined : recordsByOffice.get(office.cns)?.get(number);
    },
    recordsIn: (office) => recordsByCns.get(office.cns) ?? [],
    personByDoc: (doc) => byDoc.get(doc),
    personById: (id) => people[id],
    indexedRecords: (personId, uf) => (index.get(personId) ?? []).filter((record) => byCns.get(record.cns)?.uf === uf),
  };
  return { ...world, samples: chooseSamples(seed, world) };
}

function addressKey(uf: Uf, municipio: string, numero: number): string {
  return `${uf}|${normalizeText(municipio)}|${numero}`;
}

/** The record number inside the office's book: digits without leading zeros, or the number inside a CNM. */
function recordNumber(office: SimOffice, matricula: string): string | undefined {
  const cnm = parseCnm(matricula);
  if (cnm.ok) return cnm.cns === office.cns ? String(Number(cnm.numero)) : undefined;
  const digits = matricula.replace(/[.\s]/g, '');
  if (!/^\d{1,9}$/.test(digits)) return undefined;
  return String(Number(digits));
}

/**
 * At least 10 people across several UFs (issue 3), each a CURRENT owner since 1976 or later of records in well-behaved
 * offices of their UF (not the zero-fee UF), so a demo chains search → record view → certificate without meeting the
 * odd cases (those are reached by the fault table instead). Never two samples sharing a record (spouses), and at least one numeric and one
 * alphanumeric CNPJ among them.
 */
function chooseSamples(seed: number, world: SimWorld): SimSample[] {
  const wellBehaved = (record: SimRecord): boolean => {
    const office = world.officeByCns(record.cns);
    return (
      !!office &&
      office.disponivel &&
      office.issuesOnline &&
      office.informsMatricula &&
      !office.acceptsWithoutProtocol &&
      !office.incompleteCollection &&
      record.ownedSince >= SEARCH_REACH_START
    );
  };
  const ownedBy = new Map<number, SimRecord[]>();
  for (const record of world.records) {
    if (!wellBehaved(record)) continue;
    for (const owner of record.currentOwners) {
      const owned = ownedBy.get(owner);
      if (owned) owned.push(record);
      else ownedBy.set(owner, [record]);
    }
  }
  const candidates = (predicate: (p: SimPerson) => boolean): SimSample[] =>
    world.people
      .filter((person) => predicate(person) && ownedBy.has(person.id))
      .map((person) => {
        const records = (ownedBy.get(person.id) ?? []).filter((r) => world.officeByCns(r.cns)?.uf === person.homeUf);
        return { person, uf: person.homeUf, records };
      })
      // Not in the UF whose search fee is unknown: the service does not sell that search (contract 7.9).
      .filter((sample) => sample.records.length > 0 && world.tariffs.searchFees.get(sample.uf) !== 0);

  const rng = rngFor(seed, 'samples');
  const chosen: SimSample[] = [];
  const usedRecords = new Set<number>();
  const take = (pool: SimSample[], count: number, distinctUf: boolean) => {
    for (const sample of rng.shuffle(pool)) {
      if (count === 0) return;
      if (chosen.some((c) => c.person.id === sample.person.id)) continue;
      if (distinctUf && chosen.some((c) => c.uf === sample.uf)) continue;
      if (sample.records.some((r) => usedRecords.has(r.id))) continue;
      chosen.push(sample);
      for (const r of sample.records) usedRecords.add(r.id);
      count--;
    }
  };
  take(
    candidates((p) => p.kind === 'cnpj' && p.alphanumeric),
    1,
    true,
  );
  take(
    candidates((p) => p.kind === 'cnpj' && !p.alphanumeric),
    1,
    true,
  );
  take(
    candidates((p) => p.kind === 'cpf'),
    10,
    true,
  );
  return chosen;
}
