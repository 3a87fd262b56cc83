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
 *   act with each order of it at the origin (a view or a certificate) — a PENHORA (R) against the owner, then its
 *   CANCELAMENTO (AV), and so on, each act dated the day of the order that first showed it. Per order rather than on
 *   a calendar (decision 0175): the sandbox's orders of one record are a week of its clock apart (the repeat block,
 *   measured on that clock), so a weekly watch sees exactly one new act per run whatever the time scale; the orders
 *   are the simulator's order book, kept across restarts (the order file), so a restart never takes an act away.
 */

const CHANGING_DOCUMENT = /^99990/;
const GROWING_MATRICULA = /^99990\d{2}$/;

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

/** The record id of the growing record at `office` under `matricula`: never a generated record's (>= 0). */
export function growingRecordId(office: SimOffice, matricula: string): number {
  return -1 - (Number(office.cns) * 100 + Number(bareMatricula(matricula).slice(-2)));
}

/** The record number a growing record's id stands for at `office`, or undefined for any other id. */
export function growingMatriculaOf(office: SimOffice, recordId: number): string | undefined {
  const suffix = -1 - recordId - Number(office.cns) * 100;
  return Number.isInteger(suffix) && suffix >= 0 && suffix < 100
    ? `99990${String(suffix).padStart(2, '0')}`
    : undefined;
}

/**
 * The growing record at `office` under the record number asked for, as the order placed at `orderedAt` sees it: one
 * act per order of it, `earlier` being the instants of the orders of this record before this one (any order); undefined
 * when the office has no record.
 */
export function growingRecord(
  world: SimWorld,
  office: SimOffice,
  requested: string,
  earlier: readonly Date[],
  orderedAt: Date,
): SimRecord | undefined {
  const base = world.recordsIn(office)[0];
  if (base === undefined) return undefined;
  const matricula = bareMatricula(requested);
  const owner = base.currentOwners[0] ?? -1;
  const acts: SimAct[] = [...base.acts];
  const creditors = world.people.filter((person) => !person.isBank && person.id !== owner);
  const readings = [...earlier.map((at) => at.getTime()).sort((a, b) => a - b), orderedAt.getTime()];
  for (const [index, at] of readings.entries()) {
    const k = index + 1;
    const date = new Date(at).toISOString().slice(0, 10);
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
    id: growingRecordId(office, matricula),
    matricula,
    matriculaAnterior: null,
    cnm: buildCnm(office.cns, 2, matricula),
    acts,
  };
}
