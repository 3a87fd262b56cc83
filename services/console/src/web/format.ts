const BRASILIA_TIME = new Intl.DateTimeFormat('pt-BR', {
  timeZone: 'America/Sao_Paulo',
  dateStyle: 'short',
  timeStyle: 'short',
});

/** An instant in Brasília's time, e.g. `24/11/2026, 09:05`. */
export function formatBrasiliaTime(at: Date): string {
  return BRASILIA_TIME.format(at);
}
