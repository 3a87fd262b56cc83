import { buildCnm } from '@regapi/br';
import { type Rng, rngFor } from '../random/prng';
import { NEIGHBOURHOODS, STREET_NAMES } from './names';
import type { SimOffice } from './offices';
import type { SimPerson } from './people';

export type Role =
  | 'PROPRIETARIO'
  | 'TRANSMITENTE'
  | 'ADQUIRENTE'
  | 'CONJUGE'
  | 'CREDOR'
  | 'DEVEDOR'
  | 'FIADOR'
  | 'USUFRUTUARIO'
  | 'EXEQUENTE'
  | 'EXECUTADO';

export type ActType =
  | 'COMPRA_E_VENDA'
  | 'HIPOTECA'
  | 'ALIENACAO_FIDUCIARIA'
  | 'PENHORA'
  | 'USUFRUTO'
  | 'CASAMENTO'
  | 'CONSTRUCAO'
  | 'CANCELAMENTO';

export interface Party {
  readonly personId: number;
  readonly role: Role;
}

export interface SimAct {
  /** `R-3` for a registration, `AV-4` for an annotation (one sequence per record, Lei 6.015/1973). */
  readonly numero: string;
  /** ISO date `YYYY-MM-DD`. */
  readonly date: string;
  readonly type: ActType;
  readonly parties: readonly Party[];
  readonly valorCentavos: number | null;
  /** For a cancellation: the act it cancels. */
  readonly cancels: string | null;
}

export interface SimProperty {
  readonly tipo: string;
  readonly endereco: string;
  readonly areaM2: number;
  readonly confrontacoes: string;
}

export interface SimRecord {
  readonly id: number;
  readonly cns: string;
  readonly matricula: string;
  /** The number this record had before it was re-opened: asking for it serves this record (contract 2.5 override). */
  readonly matriculaAnterior: string | null;
  readonly cnm: string;
  readonly abertaEm: string;
  readonly property: SimProperty;
  readonly acts: readonly SimAct[];
  readonly currentOwners: readonly number[];
  /** Date of the act that made the current owners owners. */
  readonly ownedSince: string;
}

/** An act before it is numbered: a cancellation points at the index of the act it cancels. */
type ActDraft = Omit<SimAct, 'numero' | 'cancels'> & { readonly cancelsIndex: number | null };

/** Acts are generated up to this date, so the world does not depend on when the simulator starts. */
const WORLD_END = '2025-06-30';

type Pools = ReadonlyMap<string, readonly SimPerson[]>;

/** 1 to 6 records per office, numbered sparsely inside the office's book, owned by people of its UF (mostly). */
export function generateRecords(
  seed: number,
  offices: readonly SimOffice[],
  people: readonly SimPerson[],
): SimRecord[] {
  const pools = new Map<string, SimPerson[]>();
  const banks = people.filter((p) => p.isBank);
  for (const person of people) {
    if (person.isBank) continue;
    const pool = pools.get(person.homeUf) ?? [];
    pool.push(person);
    pools.set(person.homeUf, pool);
  }
  const everyone = people.filter((p) => !p.isBank);
  const records: SimRecord[] = [];
  for (const office of offices) {
    const rng = rngFor(seed, 'records', office.cns);
    const size = rng.int(2_000, 150_000);
    const count = rng.int(1, 6);
    const numbers = new Set<number>();
    while (numbers.size < count * 2) numbers.add(rng.int(1, size));
    const [current, previous] = splitNumbers([...numbers], count);
    let lastBuyers: Group | undefined;
    current.forEach((numero, i) => {
      const anterior = rng.chance(0.06) ? previous[i] : undefined;
      // A developer or an investor buys several units in one office: the search repeats that office, one row each.
      const sameBuyers = lastBuyers && rng.chance(0.25) ? lastBuyers : undefined;
      const generated = generateRecord(
        rng,
        records.length,
        office,
        numero,
        anterior,
        { pools, everyone, banks },
        sameBuyers,
      );
      records.push(generated.record);
      lastBuyers = generated.firstBuyers;
    });
  }
  return records;
}

function splitNumbers(numbers: number[], count: number): [number[], number[]] {
  return [numbers.slice(0, count), numbers.slice(count)];
}

interface Group {
  readonly owner: SimPerson;
  readonly spouse: SimPerson | null;
}

interface Population {
  readonly pools: Pools;
  readonly everyone: readonly SimPerson[];
  readonly banks: readonly SimPerson[];
}

function generateRecord(
  rng: Rng,
  id: number,
  office: SimOffice,
  numero: number,
  anterior: number | undefined,
  population: Population,
  firstBuyers: Group | undefined,
): { record: SimRecord; firstBuyers: Group } {
  const pool = population.pools.get(office.uf) ?? population.everyone;
  const someone = (naturalOnly = false): SimPerson => {
    for (;;) {
      const person = rng.chance(0.1)
        ? rng.pick(population.everyone)
        : rng.pick(pool.length > 0 ? pool : population.everyone);
      if (!naturalOnly || person.kind === 'cpf') return person;
    }
  };
  const group = (): Group => {
    const owner = rng.chance(0.15) ? someone() : someone(true);
    return { owner, spouse: owner.kind === 'cpf' && rng.chance(0.5) ? someone(true) : null };
  };

  const acts: ActDraft[] = [];
  const opened = randomDate(rng, 1950, 2018);
  let owners = firstBuyers ?? group();
  const buyers = owners;
  const seller = group();
  acts.push(transfer(opened, seller, owners, rng));
  let ownedSince = opened;
  let date = opened;
  const openCharges: { index: number; type: ActType }[] = [];
  for (let events = rng.int(0, 5); events > 0; events--) {
    date = laterDate(rng, date);
    if (date > WORLD_END) break;
    const roll = rng.next();
    const ownerParties = (role: Role): Party[] => [
      { personId: owners.owner.id, role },
      ...(owners.spouse ? [{ personId: owners.spouse.id, role: 'CONJUGE' as const }] : []),
    ];
    if (roll < 0.3) {
      const buyer = group();
      acts.push(transfer(date, owners, buyer, rng));
      owners = buyer;
      ownedSince = date;
    } else if (roll < 0.45) {
      acts.push(charge(date, 'HIPOTECA', rng.pick(population.banks), ownerParties('DEVEDOR'), null, rng));
      openCharges.push({ index: acts.length - 1, type: 'HIPOTECA' });
    } else if (roll < 0.6) {
      const guarantor = rng.chance(0.4) ? someone(true) : null;
      acts.push(
        charge(date, 'ALIENACAO_FIDUCIARIA', rng.pick(population.banks), ownerParties('DEVEDOR'), guarantor, rng),
      );
      openCharges.push({ index: acts.length - 1, type: 'ALIENACAO_FIDUCIARIA' });
    } else if (roll < 0.7) {
      const creditor = someone();
      acts.push({
        date,
        type: 'PENHORA',
        parties: [
          { personId: creditor.id, role: 'EXEQUENTE' },
          { personId: owners.owner.id, role: 'EXECUTADO' },
        ],
        valorCentavos: rng.int(5_000, 400_000) * 100,
        cancelsIndex: null,
      });
      openCharges.push({ index: acts.length - 1, type: 'PENHORA' });
    } else if (roll < 0.77) {
      acts.push({
        date,
        type: 'USUFRUTO',
        parties: [{ personId: someone(true).id, role: 'USUFRUTUARIO' }],
        valorCentavos: null,
        cancelsIndex: null,
      });
    } else if (roll < 0.85 && owners.owner.kind === 'cpf' && !owners.spouse) {
      const spouse = someone(true);
      owners = { owner: owners.owner, spouse };
      acts.push({
        date,
        type: 'CASAMENTO',
        parties: [
          { personId: owners.owner.id, role: 'PROPRIETARIO' },
          { personId: spouse.id, role: 'CONJUGE' },
        ],
        valorCentavos: null,
        cancelsIndex: null,
      });
    } else if (roll < 0.92 && openCharges.length > 0) {
      const [cancelled] = openCharges.splice(0, 1);
      acts.push({
        date,
        type: 'CANCELAMENTO',
        parties: [],
        valorCentavos: null,
        cancelsIndex: cancelled?.index ?? null,
      });
    } else {
      acts.push({ date, type: 'CONSTRUCAO', parties: [], valorCentavos: null, cancelsIndex: null });
    }
  }
  const numbered = numberActs(acts);
  const matricula = String(numero);
  const record: SimRecord = {
    id,
    cns: office.cns,
    matricula,
    matriculaAnterior: anterior === undefined ? null : String(anterior),
    cnm: buildCnm(office.cns, 2, matricula),
    abertaEm: opened,
    property: describeProperty(rng, office.uf === 'DF' ? 'Brasília' : office.municipio),
    acts: numbered,
    currentOwners: [owners.owner.id, ...(owners.spouse ? [owners.spouse.id] : [])],
    ownedSince,
  };
  return { record, firstBuyers: buyers };
}

/** R-n for registrations (transfers, charges), AV-n for annotations; a cancellation names the act it cancels. */
function numberActs(acts: readonly ActDraft[]): SimAct[] {
  const numbers = acts.map((act, i) => `${isAnnotation(act.type) ? 'AV' : 'R'}-${i + 1}`);
  return acts.map(({ cancelsIndex, ...act }, i) => ({
    ...act,
    numero: numbers[i] ?? `R-${i + 1}`,
    cancels: cancelsIndex === null ? null : (numbers[cancelsIndex] ?? null),
  }));
}

function isAnnotation(type: ActType): boolean {
  return type === 'CASAMENTO' || type === 'CONSTRUCAO' || type === 'CANCELAMENTO';
}

function transfer(date: string, from: Group, to: Group, rng: Rng): ActDraft {
  const parties: Party[] = [{ personId: from.owner.id, role: 'TRANSMITENTE' }];
  if (from.spouse) parties.push({ personId: from.spouse.id, role: 'CONJUGE' });
  parties.push({ personId: to.owner.id, role: 'ADQUIRENTE' });
  if (to.spouse) parties.push({ personId: to.spouse.id, role: 'CONJUGE' });
  return { date, type: 'COMPRA_E_VENDA', parties, valorCentavos: rng.int(20_000, 2_500_000) * 100, cancelsIndex: null };
}

function charge(
  date: string,
  type: ActType,
  bank: SimPerson,
  debtors: Party[],
  guarantor: SimPerson | null,
  rng: Rng,
): ActDraft {
  const parties: Party[] = [{ personId: bank.id, role: 'CREDOR' }, ...debtors];
  if (guarantor) parties.push({ personId: guarantor.id, role: 'FIADOR' });
  return { date, type, parties, valorCentavos: rng.int(10_000, 1_500_000) * 100, cancelsIndex: null };
}

function randomDate(rng: Rng, fromYear: number, toYear: number): string {
  return isoDate(rng.int(fromYear, toYear), rng.int(1, 12), rng.int(1, 28));
}

function laterDate(rng: Rng, after: string): string {
  const year = Number(after.slice(0, 4)) + rng.int(1, 9);
  return isoDate(year, rng.int(1, 12), rng.int(1, 28));
}

function isoDate(year: number, month: number, day: number): string {
  return `${year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

const PROPERTY_KINDS = ['Apartamento', 'Casa', 'Terreno urbano', 'Sala comercial', 'Imóvel rural'] as const;

function describeProperty(rng: Rng, municipio: string): SimProperty {
  const tipo = rng.pick(PROPERTY_KINDS);
  const street = rng.pick(STREET_NAMES);
  const lot = rng.int(1, 60);
  if (tipo === 'Imóvel rural') {
    return {
      tipo,
      endereco: `Fazenda ${rng.pick(['Boa Esperança', 'Santa Clara', 'Três Irmãos', 'Água Limpa', 'São Bento'])}, zona rural de ${municipio}`,
      areaM2: rng.int(5, 900) * 10_000,
      confrontacoes: `ao norte com a estrada municipal; ao sul com o córrego ${rng.pick(['Fundo', 'do Meio', 'Seco'])}; a leste e a oeste com terras de terceiros`,
    };
  }
  const number = rng.int(10, 3000);
  const unit = tipo === 'Apartamento' || tipo === 'Sala comercial' ? `, unidade ${rng.int(1, 30)}${rng.int(0, 9)}` : '';
  return {
    tipo,
    endereco: `${street}, ${number}${unit}, bairro ${rng.pick(NEIGHBOURHOODS)}, ${municipio}`,
    areaM2: tipo === 'Apartamento' || tipo === 'Sala comercial' ? rng.int(30, 250) : rng.int(125, 1200),
    confrontacoes: `frente para a ${street}; lado direito com o lote ${lot + 1}; lado esquerdo com o lote ${Math.max(1, lot - 1)}; fundos com o lote ${lot + 30}`,
  };
}
