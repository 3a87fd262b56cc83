import { UFS, type Uf } from '@regapi/br';
import { rngFor } from '../random/prng';
import type { SimOffice } from './offices';
import { UF_OFFICE_DATA } from './uf-office-data';

/** Contract 8: in the preliminary search the dearest UF costs 16.1 times the cheapest. */
export const SEARCH_FEE_RATIO = 16.1;

export interface OfficeFee {
  readonly certidaoCentavos: number;
  /** Provimento CNJ 127/2022: the record view costs one third of the digital certificate. */
  readonly visualizacaoCentavos: number;
}

export interface SimTariffs {
  readonly vigencia: string;
  /** Preliminary-search fee per UF, centavos; exactly one UF at 0 (unknown, contract 7.9). */
  readonly searchFees: ReadonlyMap<Uf, number>;
  readonly officeFees: ReadonlyMap<string, OfficeFee>;
}

/**
 * State tariff tables, deterministic from the seed. The search fee is a table per UF (the Provimento's "one third of the
 * certificate per group of 100 offices" is folded into it); the certificate fee is set per UF and varies a little per
 * office; every certificate fee is a multiple of 3 centavos so its third, the record view, is exact.
 */
export function generateTariffs(seed: number, offices: readonly SimOffice[]): SimTariffs {
  const rng = rngFor(seed, 'tariffs');
  // The UF with an unknown (zero) fee is a small one: a demo should not lose São Paulo to it.
  const zero = rng.pick(UFS.filter((uf) => UF_OFFICE_DATA[uf].total < 100));
  const [cheapest, dearest, ...others] = rng.shuffle(UFS.filter((uf) => uf !== zero));
  if (!cheapest || !dearest) throw new Error('fewer than three UFs');
  // A multiple of 10 centavos times 16.1 is a whole number of centavos: the ratio holds exactly.
  const minimum = rng.int(80, 150) * 10;
  const maximum = Math.round(minimum * SEARCH_FEE_RATIO);
  const searchFees = new Map<Uf, number>([
    [zero, 0],
    [cheapest, minimum],
    [dearest, maximum],
  ]);
  for (const uf of others) searchFees.set(uf, rng.int(minimum + 1, maximum - 1));

  const certificateBase = new Map<Uf, number>(
    UFS.map((uf) => [uf, rngFor(seed, 'certificate-fee', uf).int(3500, 11000)]),
  );
  const officeFees = new Map<string, OfficeFee>();
  for (const office of offices) {
    const base = certificateBase.get(office.uf) ?? 5000;
    const variation = 1 + (rngFor(seed, 'office-fee', office.cns).next() - 0.5) * 0.16;
    const certidaoCentavos = Math.round((base * variation) / 3) * 3;
    officeFees.set(office.cns, { certidaoCentavos, visualizacaoCentavos: certidaoCentavos / 3 });
  }
  return { vigencia: '2026-01-01', searchFees, officeFees };
}
