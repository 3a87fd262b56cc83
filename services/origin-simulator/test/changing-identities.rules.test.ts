import { parseUf } from '@regapi/br';
import { faultFromDocument, faultFromMatricula } from '../src/portal/faults';
import {
  actsGainedBy,
  changingFindings,
  GROWTH_EPOCH,
  GROWTH_PERIOD_MS,
  growingRecord,
  isChangingDocument,
  isGrowingMatricula,
} from '../src/world/changing-identities';
import { generateWorld } from '../src/world/world';

/** docs/sandbox.md, "Identities whose results change between runs" (decision 0162), on a small world. */
const world = generateWorld(1, { naturalPersons: 2_000, companies: 200 });
const DF = parseUf('DF');

describe('sandbox identities whose results change between runs', () => {
  it('use the magic code 90, which is no fault, and no other input', () => {
    expect(isChangingDocument('99990000026')).toBe(true);
    expect(faultFromDocument('99990000026', 'search')).toBeUndefined();
    expect(isChangingDocument('99901000041')).toBe(false);
    expect(isGrowingMatricula('9999001')).toBe(true);
    expect(isGrowingMatricula('009.999.099')).toBe(true);
    expect(faultFromMatricula('9999001', 'record-view')).toBeUndefined();
    expect(isGrowingMatricula('9990100')).toBe(false);
    expect(isGrowingMatricula('99990011')).toBe(false);
  });

  it('a changing document finds 2 records on odd searches and the same 2 plus one on even ones', () => {
    if (!DF) throw new Error('DF');
    const odd = changingFindings(world, DF, 1).map((record) => record.id);
    const even = changingFindings(world, DF, 2).map((record) => record.id);
    expect(odd).toHaveLength(2);
    expect(even).toHaveLength(3);
    expect(even.slice(0, 2)).toEqual(odd);
    expect(changingFindings(world, DF, 3).map((record) => record.id)).toEqual(odd);
  });

  it('the growing record gains one act per week from the epoch, never loses one', () => {
    expect(actsGainedBy(new Date(GROWTH_EPOCH.getTime() - 1))).toBe(0);
    expect(actsGainedBy(GROWTH_EPOCH)).toBe(1);
    expect(actsGainedBy(new Date(GROWTH_EPOCH.getTime() + GROWTH_PERIOD_MS - 1))).toBe(1);
    expect(actsGainedBy(new Date(GROWTH_EPOCH.getTime() + GROWTH_PERIOD_MS))).toBe(2);
    const office = world.offices.find((candidate) => world.recordsIn(candidate).length > 0);
    if (!office) throw new Error('no office with records');
    const base = world.recordsIn(office)[0];
    const at = (weeks: number) => new Date(GROWTH_EPOCH.getTime() + weeks * GROWTH_PERIOD_MS);
    const week0 = growingRecord(world, office, '9999001', at(0));
    const week1 = growingRecord(world, office, '9999001', at(1));
    expect(week0?.acts.length).toBe((base?.acts.length ?? 0) + 1);
    expect(week1?.acts.slice(0, -1)).toEqual(week0?.acts);
    expect(week0?.acts.at(-1)).toMatchObject({ type: 'PENHORA', date: '2026-11-02' });
    expect(week1?.acts.at(-1)).toMatchObject({ type: 'CANCELAMENTO', cancels: week0?.acts.at(-1)?.numero });
    expect(week0?.matricula).toBe('9999001');
    // Its own record for the 7-day block: not the base record, not another number's.
    expect(week0?.id).not.toBe(base?.id);
    expect(growingRecord(world, office, '9999002', at(0))?.id).not.toBe(week0?.id);
  });
});
