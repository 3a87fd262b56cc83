import { CERTIFICATE_TERM_BUSINESS_HOURS, certificateForecast, ManualClock } from '@regapi/calendar';

const SP = 'America/Sao_Paulo';
const sp = (local: string): Date => new Date(`${local}:00-03:00`);

test('the certificate term is 4 registry business hours (contract 8)', () => {
  expect(CERTIFICATE_TERM_BUSINESS_HOURS).toBe(4);
});

test.each([
  ['2025-06-04T10:00', '2025-06-04T14:00', 'accepted mid-morning: same afternoon'],
  ['2025-06-04T12:00', '2025-06-04T16:00', 'accepted at 12:00: exactly at closing'],
  ['2025-06-04T12:30', '2025-06-05T09:30', 'accepted after 12:00: next morning'],
  ['2025-06-04T20:00', '2025-06-05T13:00', 'accepted at night: next day 13:00'],
  ['2025-06-06T15:00', '2025-06-09T12:00', 'accepted Friday 15:00: Monday 12:00'],
  ['2025-06-07T10:00', '2025-06-09T13:00', 'accepted on Saturday: Monday 13:00'],
  ['2026-02-13T14:00', '2026-02-18T11:00', 'accepted before Carnival: Ash Wednesday'],
  ['2025-12-31T14:00', '2026-01-02T11:00', 'accepted on 31 December: 2 January'],
])('%s → %s (%s)', (accepted, expected, _why) => {
  expect(certificateForecast(sp(accepted), SP).toISOString()).toBe(sp(expected).toISOString());
});

test('the forecast uses the office zone, not the server zone', () => {
  // 12:30Z on a Friday: 09:30 in São Paulo (open), 08:30 in Manaus and 07:30 in Rio Branco (not yet open).
  const acceptedAt = new Date('2025-06-06T12:30:00Z');
  expect(certificateForecast(acceptedAt, 'America/Sao_Paulo').toISOString()).toBe('2025-06-06T16:30:00.000Z');
  expect(certificateForecast(acceptedAt, 'America/Manaus').toISOString()).toBe('2025-06-06T17:00:00.000Z');
  expect(certificateForecast(acceptedAt, 'America/Rio_Branco').toISOString()).toBe('2025-06-06T18:00:00.000Z');
});

test('a manual clock drives the forecast without sleeping (architecture rule 8)', () => {
  const clock = new ManualClock(sp('2025-06-06T15:00'));
  const forecast = certificateForecast(clock.now(), SP);
  clock.set(forecast);
  expect(clock.now().toISOString()).toBe(sp('2025-06-09T12:00').toISOString());
});
