import { parseExtratoRange } from '../src/extrato/date-range';

// Days of the extrato are Brasília days (UTC-3 since 2019), like the finance views.

test('de and ate are whole Brasília days: from 03:00Z of de to 03:00Z of the day after ate', () => {
  const range = parseExtratoRange({ de: '2026-01-01', ate: '2026-01-31' }, new Date());
  expect(range).toEqual({
    ok: true,
    value: {
      de: '2026-01-01',
      ate: '2026-01-31',
      from: new Date('2026-01-01T03:00:00Z'),
      to: new Date('2026-02-01T03:00:00Z'),
    },
  });
});

test('"today" is the Brasília date: at 01:00Z on the 2nd it is still the 1st in Brasília', () => {
  const range = parseExtratoRange({}, new Date('2026-03-02T01:00:00Z'));
  expect(range.ok && range.value.ate).toBe('2026-03-01');
  expect(range.ok && range.value.de).toBe('2026-01-30');
});

test('only ate: the 30 days before it', () => {
  const range = parseExtratoRange({ ate: '2026-03-31' }, new Date());
  expect(range.ok && [range.value.de, range.value.ate]).toEqual(['2026-03-01', '2026-03-31']);
});

test('a single day', () => {
  const range = parseExtratoRange({ de: '2026-05-05', ate: '2026-05-05' }, new Date());
  expect(range.ok && range.value.to.getTime() - range.value.from.getTime()).toBe(86_400_000);
});

test('both dates wrong: both named', () => {
  const range = parseExtratoRange({ de: 'x', ate: '2026-02-29' }, new Date());
  expect(range.ok).toBe(false);
  expect(!range.ok && range.errors.map((e) => e.campo)).toEqual(['de', 'ate']);
});
