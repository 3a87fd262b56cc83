import { cnpjCheckDigits, cpfCheckDigits, type Uf } from '@regapi/br';
import { type Rng, rngFor } from '../random/prng';
import { BANK_NAMES, COMPANY_KINDS, FIRST_NAMES, SURNAMES } from './names';

export type PersonKind = 'cpf' | 'cnpj';

export interface SimPerson {
  readonly id: number;
  /** Bare document: 11 digits (CPF) or 14 characters (CNPJ, numeric or alphanumeric). */
  readonly doc: string;
  readonly kind: PersonKind;
  readonly alphanumeric: boolean;
  readonly nome: string;
  readonly homeUf: Uf;
  readonly isBank: boolean;
}

/**
 * Documents the population never uses, so they stay free for other meanings: `999` opens a magic input (the fault
 * table), `000` the "unknown person" of the contract kit.
 */
const RESERVED_PREFIXES = ['999', '000'];

export function isReservedDocument(bare: string): boolean {
  return RESERVED_PREFIXES.some((prefix) => bare.startsWith(prefix));
}

export interface PeopleCounts {
  readonly naturalPersons: number;
  readonly companies: number;
}

/**
 * The population of the synthetic registry: natural persons (CPF), companies with numeric and alphanumeric CNPJs (IN
 * RFB 2.229/2024) and a few banks (creditors). Each has a home UF drawn by `ufWeights`, where most of their property is.
 */
export function generatePeople(seed: number, ufWeights: ReadonlyMap<Uf, number>, counts: PeopleCounts): SimPerson[] {
  const rng = rngFor(seed, 'people');
  const used = new Set<string>();
  const ufs = [...ufWeights.keys()];
  const cumulative: number[] = [];
  let total = 0;
  for (const uf of ufs) {
    total += ufWeights.get(uf) ?? 0;
    cumulative.push(total);
  }
  const homeUf = (): Uf => {
    const target = rng.next() * total;
    const index = cumulative.findIndex((limit) => target < limit);
    return ufs[index] ?? ufs[ufs.length - 1] ?? 'SP';
  };
  const people: SimPerson[] = [];
  const add = (person: Omit<SimPerson, 'id'>) => {
    used.add(person.doc);
    people.push({ ...person, id: people.length });
  };

  BANK_NAMES.forEach((nome) => {
    add({ doc: uniqueCnpj(rng, used, false), kind: 'cnpj', alphanumeric: false, nome, homeUf: homeUf(), isBank: true });
  });
  for (let i = 0; i < counts.naturalPersons; i++) {
    const nome = `${rng.pick(FIRST_NAMES)} ${rng.pick(SURNAMES)} ${rng.pick(SURNAMES)}`;
    add({ doc: uniqueCpf(rng, used), kind: 'cpf', alphanumeric: false, nome, homeUf: homeUf(), isBank: false });
  }
  for (let i = 0; i < counts.companies; i++) {
    const alphanumeric = rng.chance(0.3);
    const nome = `${rng.pick(SURNAMES)} & ${rng.pick(SURNAMES)} ${rng.pick(COMPANY_KINDS)}`;
    add({
      doc: uniqueCnpj(rng, used, alphanumeric),
      kind: 'cnpj',
      alphanumeric,
      nome,
      homeUf: homeUf(),
      isBank: false,
    });
  }
  return people;
}

function uniqueCpf(rng: Rng, used: ReadonlySet<string>): string {
  for (;;) {
    const base = rng.digits(9);
    if (isReservedDocument(base) || /^(\d)\1{8}$/.test(base)) continue;
    const doc = `${base}${cpfCheckDigits(base)}`;
    if (!used.has(doc)) return doc;
  }
}

const ALPHANUMERIC = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ';

function uniqueCnpj(rng: Rng, used: ReadonlySet<string>, alphanumeric: boolean): string {
  for (;;) {
    let root = '';
    for (let i = 0; i < 8; i++) root += alphanumeric ? rng.pick([...ALPHANUMERIC]) : String(rng.int(0, 9));
    if (isReservedDocument(root) || (alphanumeric && !/[A-Z]/.test(root))) continue;
    const base = `${root}0001`;
    const doc = `${base}${cnpjCheckDigits(base)}`;
    if (!used.has(doc)) return doc;
  }
}
