import { parseUf } from '@regapi/br';
import { faultFromDocument, faultFromMatricula } from '../src/portal/faults';
import { REPEAT_BLOCK_MS, repeatBlockEnd } from '../src/portal/order-book';
import {
  changingFindings,
  growingMatriculaOf,
  growingRecord,
  growingRecordId,
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

  it('the growing record gains one act per order of it, dated that order, never loses one', () => {
    const office = world.offices.find((candidate) => world.recordsIn(candidate).length > 0);
    if (!office) throw new Error('no office with records');
    const base = world.recordsIn(office)[0];
    const monday = new Date('2026-11-02T10:00:00.000Z');
    const tuesday = new Date('2026-11-03T10:00:00.000Z');
    const first = growingRecord(world, office, '9999001', [], monday);
    const second = growingRecord(world, office, '9999001', [monday], tuesday);
    expect(first?.acts.length).toBe((base?.acts.length ?? 0) + 1);
    expect(second?.acts.slice(0, -1)).toEqual(first?.acts);
    expect(first?.acts.at(-1)).toMatchObject({ type: 'PENHORA', date: '2026-11-02' });
    expect(second?.acts.at(-1)).toMatchObject({
      type: 'CANCELAMENTO',
      date: '2026-11-03',
      cancels: first?.acts.at(-1)?.numero,
    });
    expect(first?.matricula).toBe('9999001');
    // Its own record for the 7-day block: not the base record, not another number's; its id names its number again.
    expect(first?.id).not.toBe(base?.id);
    expect(first?.id).toBe(growingRecordId(office, '9.999.001'));
    expect(growingMatriculaOf(office, first?.id ?? 0)).toBe('9999001');
    expect(growingMatriculaOf(office, base?.id ?? 0)).toBeUndefined();
    expect(growingRecord(world, office, '9999002', [], monday)?.id).not.toBe(first?.id);
  });

  it("the sandbox's repeat block is on its clock, to the start of the compressed day; any other simulator's is 7 days", () => {
    const at = new Date('2026-11-02T10:00:00.000Z');
    expect(repeatBlockEnd(at, { punctual: false, timeScale: 0.005 }).getTime() - at.getTime()).toBe(REPEAT_BLOCK_MS);
    const day = 86_400_000 * 0.005;
    const end = repeatBlockEnd(at, { punctual: true, timeScale: 0.005 }).getTime();
    expect(end % day).toBe(0);
    expect(end - at.getTime()).toBeGreaterThan(6 * day);
    expect(end - at.getTime()).toBeLessThanOrEqual(7 * day);
  });
});
