import { buildCnm, type Uf } from '@regapi/br';
import { rngFor } from '../random/prng';
import type { SimOffice } from './offices';
import type { SimAct, SimRecord } from './records';
import type { SimWorld } from './world';

/**
 * Sandbox inputs whose results change between runs, so an integrator can watch a change happen (issue 30, property
 * monitoring; decision 0162; docs/sandbox.md). They use the magic prefix `999` with the code 90, which names no fault
 * (the fault table's codes are 01 to 17), so they are never a person, a record or a fault:
 * - a searched CPF/CNPJ whose bare document starts with `99990`: its findings in a UF alternate with each search of that
 *   document in that UF — odd searches find the UF's first 2 records (of offices in service that inform record
 *   numbers), even ones its first 3. The count is the simulator's, per document and UF, so each integrator picks its
 *   own variant (the other digits) and a restart of the simulator starts again at the first search.
 * - a record number `99990xx` (any two digits) at any office: the office's first record under that number, gaining one
 *   act every 7 days of the simulator's clock from GROWTH_EPOCH — a PENHORA (R) against the owner, then its
 *   CANCELAMENTO (AV), and so on. On the clock rather than per view: views of one record are at least 7 days apart
 *   (the repeat block), a restart must not take acts away, and every integrator sees the same record.
 */

const CHANGING_DOCUMENT = /^99990/;
const GROWING_MATRICULA = /^99990\d{2}$/;

/** The first act the growing record gains (a Monday, 00:00 UTC); one more every week after it. */
export const GROWTH_EPOCH = new Date('2026-11-02T00:00:00.000Z');
export const GROWTH_PERIOD_MS = 7 * 24 * 60 * 60 * 1000;

export function isChangingDocument(bare: string): boolean {
  return CHANGING_DOCUMENT.test(bare);
}

export function isGrowingMatricula(matricula: string): boolean {
  return GROWING_MATRICULA.test(bareMatricula(matricula));
}

function bareMatricula(matricula: string): string {
  return matricula.replace(/\D/g, '').replace(/^0+/, '');
}

/** The findings of a changing document's `occurrence`-th search in `uf`: 2 records on odd searches, 3 on even ones. */
export function changingFindings(world: SimWorld, uf: Uf, occurrence: number): readonly SimRecord[] {
  const candidates = world
    .officesOf(uf)
    .filter((office) => office.disponivel && office.informsMatricula)
    .flatMap((office) => world.recordsIn(office))
    .slice(0, 3);
  return occurrence % 2 === 1 ? candidates.slice(0, 2) : candidates;
}

/** How many acts the growing record has gained by `now`. */
export function actsGainedBy(now: Date): number {
  const elapsed = now.getTime() - GROWTH_EPOCH.getTime();
  return elapsed < 0 ? 0 : Math.floor(elapsed / GROWTH_PERIOD_MS) + 1;
}

/** The growing record at `office` under the record number asked for, as it stands at `now`; undefined without a record. */
export function growingRecord(world: SimWorld, office: SimOffice, requested: string, now: Date): SimRecord | undefined {
  const base = world.recordsIn(office)[0];
  if (base === undefined) return undefined;
  const matricula = bareMatricula(requested);
  const owner = base.currentOwners[0] ?? -1;
  const acts: SimAct[] = [...base.acts];
  const creditors = world.people.filter((person) => !person.isBank && person.id !== owner);
  for (let k = 1; k <= actsGainedBy(now); k++) {
    const date = new Date(GROWTH_EPOCH.getTime() + (k - 1) * GROWTH_PERIOD_MS).toISOString().slice(0, 10);
    const position = base.acts.length + k;
    if (k % 2 === 1) {
      const rng = rngFor(world.seed, 'growing-record', office.cns, k);
      const creditor = rng.pick(creditors);
      acts.push({
        numero: `R-${position}`,
        date,
        type: 'PENHORA',
        parties: [
          { personId: creditor.id, role: 'EXEQUENTE' },
          { personId: owner, role: 'EXECUTADO' },
        ],
        valorCentavos: rng.int(5_000, 500_000) * 100,
        cancels: null,
      });
    } else {
      acts.push({
        numero: `AV-${position}`,
        date,
        type: 'CANCELAMENTO',
        parties: [],
        valorCentavos: null,
        cancels: `R-${position - 1}`,
      });
    }
  }
  return {
    ...base,
    // Its own record for the 7-day block: never the base record's id (>= 0), one per office and number.
    id: -1 - (Number(office.cns) * 100 + Number(matricula.slice(-2))),
    matricula,
    matriculaAnterior: null,
    cnm: buildCnm(office.cns, 2, matricula),
    acts,
  };
}
