import {
  formatCivilDate,
  isRegistryBusinessDay,
  isRegistryHoliday,
  REGISTRY_CLOSED_PONTOS_FACULTATIVOS,
  registryHolidays,
} from '@regapi/calendar';
import { civil } from './civil';

test('registries close on Carnival Monday/Tuesday and Corpus Christi (docs/decisions/0010)', () => {
  expect([...REGISTRY_CLOSED_PONTOS_FACULTATIVOS].sort()).toEqual([
    'carnaval-segunda',
    'carnaval-terca',
    'corpus-christi',
  ]);
});

test('the 2026 registry holidays are the national ones plus the observed pontos facultativos, in date order', () => {
  expect(registryHolidays(2026).map((h) => `${formatCivilDate(h.date)} ${h.kind}`)).toEqual([
    '2026-01-01 feriado-nacional',
    '2026-02-16 ponto-facultativo',
    '2026-02-17 ponto-facultativo',
    '2026-04-03 feriado-nacional',
    '2026-04-21 feriado-nacional',
    '2026-05-01 feriado-nacional',
    '2026-06-04 ponto-facultativo',
    '2026-09-07 feriado-nacional',
    '2026-10-12 feriado-nacional',
    '2026-11-02 feriado-nacional',
    '2026-11-15 feriado-nacional',
    '2026-11-20 feriado-nacional',
    '2026-12-25 feriado-nacional',
  ]);
});

test.each([
  ['2025-01-01', 'New Year (Wednesday)', false],
  ['2025-03-03', 'Carnival Monday', false],
  ['2025-03-04', 'Carnival Tuesday', false],
  ['2025-03-05', 'Ash Wednesday (a normal day here)', true],
  ['2024-03-29', 'Good Friday 2024', false],
  ['2025-04-18', 'Good Friday 2025', false],
  ['2026-04-03', 'Good Friday 2026', false],
  ['2027-03-26', 'Good Friday 2027', false],
  ['2025-04-21', 'Tiradentes (Monday)', false],
  ['2025-05-01', 'Labour Day (Thursday)', false],
  ['2025-06-19', 'Corpus Christi', false],
  ['2025-06-20', 'the Friday after Corpus Christi', true],
  ['2026-09-07', 'Independence (Monday)', false],
  ['2026-10-12', 'Aparecida (Monday)', false],
  ['2026-11-02', 'Finados (Monday)', false],
  ['2027-11-15', 'Republic (Monday)', false],
  ['2023-11-20', 'Consciência Negra before the law (Monday)', true],
  ['2024-11-20', 'Consciência Negra 2024 (Wednesday)', false],
  ['2025-12-24', 'Christmas Eve (a normal day here)', true],
  ['2025-12-25', 'Christmas (Thursday)', false],
  ['2025-12-31', 'New Year Eve (a normal day here)', true],
  ['2025-06-07', 'a Saturday', false],
  ['2025-06-08', 'a Sunday', false],
  ['2025-06-09', 'a plain Monday', true],
])('%s, %s: business day %p', (iso, _what, open) => {
  expect(isRegistryBusinessDay(civil(iso))).toBe(open);
});

test('a holiday on a weekend is still reported as a holiday', () => {
  expect(isRegistryHoliday(civil('2025-09-07'))).toBe(true);
  expect(isRegistryHoliday(civil('2025-09-06'))).toBe(false);
});
