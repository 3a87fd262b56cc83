import { formatCivilDate, type Holiday, nationalHolidays, pontosFacultativos } from '@regapi/calendar';

const dates = (holidays: readonly Holiday[]): string[] => holidays.map((h) => formatCivilDate(h.date));

test('2025 has the nine fixed national holidays plus Good Friday, in date order', () => {
  expect(nationalHolidays(2025).map((h) => [formatCivilDate(h.date), h.id])).toEqual([
    ['2025-01-01', 'confraternizacao-universal'],
    ['2025-04-18', 'sexta-feira-santa'],
    ['2025-04-21', 'tiradentes'],
    ['2025-05-01', 'dia-do-trabalho'],
    ['2025-09-07', 'independencia'],
    ['2025-10-12', 'nossa-senhora-aparecida'],
    ['2025-11-02', 'finados'],
    ['2025-11-15', 'proclamacao-da-republica'],
    ['2025-11-20', 'consciencia-negra'],
    ['2025-12-25', 'natal'],
  ]);
  expect(nationalHolidays(2025).every((h) => h.kind === 'feriado-nacional')).toBe(true);
});

test.each([
  [2024, '2024-03-29'],
  [2025, '2025-04-18'],
  [2026, '2026-04-03'],
  [2027, '2027-03-26'],
])('Good Friday %i is %s', (year, expected) => {
  const goodFriday = nationalHolidays(year).find((h) => h.id === 'sexta-feira-santa');
  expect(goodFriday && formatCivilDate(goodFriday.date)).toBe(expected);
});

test.each([
  [2023, false],
  [2024, true],
  [2030, true],
])('Consciência Negra (Lei 14.759/2023) is national in %i: %p', (year, national) => {
  expect(dates(nationalHolidays(year)).includes(`${year}-11-20`)).toBe(national);
});

test('Nossa Senhora Aparecida is national only from 1980 (Lei 6.802/1980)', () => {
  expect(dates(nationalHolidays(1979))).not.toContain('1979-10-12');
  expect(dates(nationalHolidays(1980))).toContain('1980-10-12');
});

test.each([
  [2024, ['2024-02-12', '2024-02-13', '2024-05-30']],
  [2025, ['2025-03-03', '2025-03-04', '2025-06-19']],
  [2026, ['2026-02-16', '2026-02-17', '2026-06-04']],
  [2027, ['2027-02-08', '2027-02-09', '2027-05-27']],
])('Carnival Monday, Tuesday and Corpus Christi %i are pontos facultativos on %j', (year, expected) => {
  const days = pontosFacultativos(year);
  expect(dates(days)).toEqual(expected);
  expect(days.map((h) => h.id)).toEqual(['carnaval-segunda', 'carnaval-terca', 'corpus-christi']);
  expect(days.every((h) => h.kind === 'ponto-facultativo')).toBe(true);
});

test('the lists are frozen', () => {
  expect(Object.isFrozen(nationalHolidays(2025))).toBe(true);
  expect(Object.isFrozen(pontosFacultativos(2025))).toBe(true);
});
