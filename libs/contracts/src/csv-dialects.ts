/** The statement CSV's dialects, `dialeto=` (docs/decisions/0144); what each writes is libs/ledger's extrato/csv.ts. */
export const CSV_DIALECTS = ['rfc4180', 'pt-BR'] as const;
export type CsvDialect = (typeof CSV_DIALECTS)[number];
