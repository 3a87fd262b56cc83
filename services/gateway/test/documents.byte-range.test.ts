import { parseRange } from '../src/documents/byte-range';

// RFC 9110 14.1.2 on a 1000-byte document: one range served, several or malformed ignored (the whole document),
// none of its bytes in range → 416.

test.each([
  [undefined, { kind: 'whole' }],
  ['bytes=0-0', { kind: 'partial', range: { start: 0, end: 0 } }],
  ['bytes=0-499', { kind: 'partial', range: { start: 0, end: 499 } }],
  ['bytes=500-', { kind: 'partial', range: { start: 500, end: 999 } }],
  ['bytes=990-5000', { kind: 'partial', range: { start: 990, end: 999 } }],
  ['bytes=-100', { kind: 'partial', range: { start: 900, end: 999 } }],
  ['bytes=-5000', { kind: 'partial', range: { start: 0, end: 999 } }],
  ['BYTES = 1 - 2', { kind: 'partial', range: { start: 1, end: 2 } }],
  ['bytes=1000-', { kind: 'unsatisfiable' }],
  ['bytes=1000-2000', { kind: 'unsatisfiable' }],
  ['bytes=-0', { kind: 'unsatisfiable' }],
  ['bytes=9-1', { kind: 'whole' }],
  ['bytes=-', { kind: 'whole' }],
  ['bytes=0-1,5-6', { kind: 'whole' }],
  ['items=0-1', { kind: 'whole' }],
  ['bytes=a-b', { kind: 'whole' }],
  ['bytes=99999999999999999999-', { kind: 'whole' }],
])('Range %p → %p', (header, expected) => {
  expect(parseRange(header, 1000)).toEqual(expected);
});
