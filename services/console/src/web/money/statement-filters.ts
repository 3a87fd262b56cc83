import { type FieldError, FONTES, type Fonte, PRODUCTS } from '@regapi/contracts';
import { type ExtratoRange, type LedgerEntryKind, parseExtratoRange, TIPO_LANCAMENTO } from '@regapi/ledger';

/** Lines per page of the console's statement. */
export const STATEMENT_PAGE_SIZE = 50;

/** The statement's filters as the page's form sends them (`GET /extrato?de=&ate=&tipo=&produto=&pagina=`). */
export interface StatementFilters {
  readonly range: ExtratoRange;
  /** The kind of line, in the extrato's words (`recarga`, `debito`, `estorno`, `ajuste`); undefined: all. */
  readonly tipo: LedgerEntryKind | undefined;
  readonly produto: Fonte | undefined;
  /** 1-based. */
  readonly pagina: number;
}

/** What the person typed, to show the form again as it was. */
export interface StatementFilterInput {
  readonly de: string;
  readonly ate: string;
  readonly tipo: string;
  readonly produto: string;
}

const KIND_OF_TIPO: ReadonlyMap<string, LedgerEntryKind> = new Map(
  (Object.entries(TIPO_LANCAMENTO) as [LedgerEntryKind, string][]).map(([kind, tipo]) => [tipo, kind]),
);

export const TIPO_OPTIONS: readonly { readonly value: string; readonly label: string }[] = [
  { value: 'recarga', label: 'Recargas' },
  { value: 'debito', label: 'Débitos de pedidos' },
  { value: 'estorno', label: 'Estornos' },
  { value: 'ajuste', label: 'Ajustes' },
];

export const PRODUTO_OPTIONS: readonly { readonly value: Fonte; readonly label: string }[] = FONTES.map((fonte) => ({
  value: fonte,
  label: PRODUCTS[fonte].nome,
}));

type Query = Readonly<Record<string, unknown>>;

function single(query: Query, name: string): unknown {
  return query[name];
}

/**
 * The filters from the query string: the date range by the API's own rules (libs/ledger parseExtratoRange: Brasília
 * days, at most 366, default the last 30), plus kind, product and page. Errors in pt-BR, one per field.
 */
export function parseStatementFilters(
  query: Query,
  now: Date,
): { ok: true; value: StatementFilters } | { ok: false; errors: FieldError[] } {
  const de = single(query, 'de');
  const ate = single(query, 'ate');
  // An empty date field of the form means "not given", as the API's absent parameter.
  const range = parseExtratoRange({ de: de === '' ? undefined : de, ate: ate === '' ? undefined : ate }, now);
  const errors: FieldError[] = range.ok ? [] : [...range.errors];

  const tipoRaw = single(query, 'tipo');
  let tipo: LedgerEntryKind | undefined;
  if (tipoRaw !== undefined && tipoRaw !== '') {
    tipo = typeof tipoRaw === 'string' ? KIND_OF_TIPO.get(tipoRaw) : undefined;
    if (tipo === undefined) {
      errors.push({ campo: 'tipo', regra: 'enum', mensagem: 'Escolha um tipo de lançamento da lista.' });
    }
  }

  const produtoRaw = single(query, 'produto');
  let produto: Fonte | undefined;
  if (produtoRaw !== undefined && produtoRaw !== '') {
    produto = PRODUTO_OPTIONS.find((option) => option.value === produtoRaw)?.value;
    if (produto === undefined)
      errors.push({ campo: 'produto', regra: 'enum', mensagem: 'Escolha um produto da lista.' });
  }

  const paginaRaw = single(query, 'pagina');
  let pagina = 1;
  if (paginaRaw !== undefined) {
    pagina = typeof paginaRaw === 'string' && /^[1-9][0-9]{0,5}$/.test(paginaRaw) ? Number(paginaRaw) : 0;
    if (pagina === 0)
      errors.push({ campo: 'pagina', regra: 'format', mensagem: 'A página é um número a partir de 1.' });
  }

  if (!range.ok || errors.length > 0) return { ok: false, errors };
  return { ok: true, value: { range: range.value, tipo, produto, pagina } };
}

export function filterInputOf(query: Query): StatementFilterInput {
  const text = (name: string): string => {
    const value = query[name];
    return typeof value === 'string' ? value : '';
  };
  return { de: text('de'), ate: text('ate'), tipo: text('tipo'), produto: text('produto') };
}

/** The query string of these filters (page aside), for the CSV link and the pager. */
export function filtersQuery(filters: StatementFilters, pagina?: number): string {
  const params = new URLSearchParams({ de: filters.range.de, ate: filters.range.ate });
  if (filters.tipo !== undefined) params.set('tipo', TIPO_LANCAMENTO[filters.tipo]);
  if (filters.produto !== undefined) params.set('produto', filters.produto);
  if (pagina !== undefined && pagina > 1) params.set('pagina', String(pagina));
  return params.toString();
}
