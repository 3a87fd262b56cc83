import { UFS, type Uf, ufTimeZone } from '@regapi/br';
import { type Rng, rngFor } from '../random/prng';
import { NAME_HEADS, NAME_TAILS, OFFICE_TIME_ZONES, UF_OFFICE_DATA } from './uf-office-data';

/** Contract 2.4: offices counted, and how many of them are out of service (still counted). */
export const OFFICE_COUNT = 3567;
export const UNAVAILABLE_OFFICE_COUNT = 85;

/** An office of the simulated origin: the catalog fields plus how it behaves (never shown in the catalog). */
export interface SimOffice {
  readonly cns: string;
  readonly numero: number;
  readonly nome: string;
  readonly municipio: string;
  readonly uf: Uf;
  readonly timeZone: string;
  readonly disponivel: boolean;
  /** Delivers record views as scanned images: no text layer (contract 2.5 `dados.conteudo` null). */
  readonly imageOnly: boolean;
  /** Answers searches with "record number not informed" (contract 2.4 `matricula` null). */
  readonly informsMatricula: boolean;
  /** Declared an incomplete collection of its index. */
  readonly incompleteCollection: boolean;
  /** Cannot issue over the internet (contract 7 `indeterminado`). */
  readonly issuesOnline: boolean;
  /** Sometimes accepts a certificate without a protocol (contract 2.6 `INDISPONIVEL`). */
  readonly acceptsWithoutProtocol: boolean;
}

/** Generates the catalog: exactly `OFFICE_COUNT` offices over the 27 UFs, `UNAVAILABLE_OFFICE_COUNT` out of service. */
export function generateOffices(seed: number): SimOffice[] {
  const drafts: Omit<SimOffice, 'cns' | 'disponivel'>[] = [];
  for (const uf of UFS) drafts.push(...ufOffices(seed, uf));
  if (drafts.length !== OFFICE_COUNT) throw new Error(`office data adds up to ${drafts.length}, not ${OFFICE_COUNT}`);

  const unavailable = new Set(
    rngFor(seed, 'unavailable')
      .shuffle(drafts.map((_, i) => i))
      .slice(0, UNAVAILABLE_OFFICE_COUNT),
  );
  // CNS codes: an affine map of the index modulo 900000 (7919 is prime to 900000), so they are distinct 6-digit codes.
  const offset = rngFor(seed, 'cns').int(0, 899_999);
  return drafts.map((draft, i) => ({
    ...draft,
    cns: String(100_000 + ((i * 7919 + offset) % 900_000)),
    disponivel: !unavailable.has(i),
  }));
}

function ufOffices(seed: number, uf: Uf): Omit<SimOffice, 'cns' | 'disponivel'>[] {
  const data = UF_OFFICE_DATA[uf];
  const rng = rngFor(seed, 'municipalities', uf);
  const municipalities: (readonly [string, number])[] = [...data.cities];
  const known = data.cities.reduce((sum, [, offices]) => sum + offices, 0);
  const taken = new Set(data.cities.map(([name]) => name));
  for (let i = known; i < data.total; i++) {
    const name = freshName(rng, taken);
    taken.add(name);
    municipalities.push([name, 1]);
  }
  municipalities.sort(([a], [b]) => a.localeCompare(b, 'pt-BR'));
  const offices: Omit<SimOffice, 'cns' | 'disponivel'>[] = [];
  for (const [municipio, count] of municipalities) {
    for (let numero = 1; numero <= count; numero++) {
      const flags = rngFor(seed, 'office-flags', uf, municipio, numero);
      offices.push({
        numero,
        nome: officeName(uf, municipio, numero, count),
        municipio,
        uf,
        timeZone: OFFICE_TIME_ZONES[`${uf}/${municipio}`] ?? ufTimeZone(uf),
        imageOnly: flags.chance(0.1),
        informsMatricula: !flags.chance(0.04),
        incompleteCollection: flags.chance(0.03),
        issuesOnline: !flags.chance(0.02),
        acceptsWithoutProtocol: flags.chance(0.015),
      });
    }
  }
  return offices;
}

function freshName(rng: Rng, taken: ReadonlySet<string>): string {
  for (;;) {
    const name = `${rng.pick(NAME_HEADS)} ${rng.pick(NAME_TAILS)}`;
    if (!taken.has(name)) return name;
  }
}

/** Office names follow each state's usage: "2º Oficial de Registro de Imóveis de Campinas" in SP, "Ofício" elsewhere. */
function officeName(uf: Uf, municipio: string, numero: number, count: number): string {
  const ordinal = `${numero}º`;
  if (uf === 'DF') return `${ordinal} Ofício do Registro de Imóveis do Distrito Federal`;
  if (uf === 'SP') {
    return count > 1
      ? `${ordinal} Oficial de Registro de Imóveis de ${municipio}`
      : `Oficial de Registro de Imóveis de ${municipio}`;
  }
  return count > 1
    ? `Cartório do ${ordinal} Ofício de Registro de Imóveis de ${municipio}`
    : `Cartório de Registro de Imóveis de ${municipio}`;
}
