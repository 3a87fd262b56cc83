const BRL = new Intl.NumberFormat('pt-BR', { style: 'currency', currency: 'BRL' });
const BRASILIA_TIME = new Intl.DateTimeFormat('pt-BR', {
  timeZone: 'America/Sao_Paulo',
  dateStyle: 'short',
  timeStyle: 'short',
});

/** A ledger amount as a person in Brazil reads it: `R$ 1.234,56`. Whole centavos, so the division is exact for display. */
export function formatBrl(centavos: number): string {
  return BRL.format(centavos / 100);
}

/** An instant in Brasília's time, e.g. `24/11/2026, 09:05`. */
export function formatBrasiliaTime(at: Date): string {
  return BRASILIA_TIME.format(at);
}
