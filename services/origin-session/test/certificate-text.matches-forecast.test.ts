import { certificateForecast } from '@regapi/calendar';
import { certificateInIssueData } from '../src/results/certificate-result';

// Issue 29 item 8 (docs/decisions/0147): the text of a certificate in issue states the rule its forecast obeys.

const ZONE = 'America/Sao_Paulo';

function localParts(at: Date): { weekday: string; hour: number; minute: number } {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone: ZONE,
    weekday: 'short',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(at);
  const part = (type: string): string => parts.find((p) => p.type === type)?.value ?? '';
  return { weekday: part('weekday'), hour: Number(part('hour')), minute: Number(part('minute')) };
}

test('production: the promised business hours hold for the forecast, even for an order accepted on a Friday night', () => {
  // Friday 27 Nov 2026, 23:10 in São Paulo.
  const acceptedAt = new Date('2026-11-28T02:10:00.000Z');
  const forecast = certificateForecast(acceptedAt, ZONE);
  const data = certificateInIssueData('P-1', forecast, ZONE, 'registry-business-hours');
  expect(data.mensagem).toContain('09:00 às 16:00, segunda a sexta');
  const local = localParts(forecast);
  expect(['Mon', 'Tue', 'Wed', 'Thu', 'Fri']).toContain(local.weekday);
  expect(local.hour * 60 + local.minute).toBeGreaterThanOrEqual(9 * 60);
  expect(local.hour * 60 + local.minute).toBeLessThanOrEqual(16 * 60);
  expect(data.mensagem).toContain(
    new Intl.DateTimeFormat('pt-BR', { timeZone: ZONE, hour: '2-digit', minute: '2-digit' }).format(forecast),
  );
});

test('sandbox: a Saturday 02:22 forecast is not presented as business hours', () => {
  // Saturday 28 Nov 2026, 02:22 in São Paulo: the punctual simulator's forecast, any day and hour.
  const forecast = new Date('2026-11-28T05:22:00.000Z');
  const data = certificateInIssueData('P-2', forecast, ZONE, 'origin-forecast');
  expect(localParts(forecast)).toEqual({ weekday: 'Sat', hour: 2, minute: 22 });
  expect(data.mensagem).not.toContain('segunda a sexta');
  expect(data.mensagem).not.toContain('horas úteis');
  expect(data.mensagem).toContain('a qualquer dia e hora');
  expect(data.mensagem).toContain('28/11/2026, 02:22');
  expect(data.previsao_entrega_em).toBe('2026-11-28T05:22:00.000Z');
});
