import type { Clock } from '@regapi/calendar';
import {
  centavosToReais,
  type DataItem,
  type EnvelopeInput,
  isResultCode,
  type ResultClass,
  resultClassOf,
} from '@regapi/contracts';
import type { Database } from '@regapi/db';
import {
  decodeOrderRequest,
  decodeOrderResult,
  decodeTargetsBatchRequest,
  getOrderInQueue,
  isWellFormedProtocolo,
  type OrderRequest,
  type OrderResult,
  type SearchResult,
  secondsUntil,
} from '@regapi/orders';
import type { Kysely } from 'kysely';
import { pollingPath } from '../executions/acceptance-answers';
import { readyAt } from '../polling/polling-router';

export interface BatchViewDeps {
  readonly db: Kysely<Database>;
  readonly clock: Clock;
  readonly hourlySearchCeiling: number;
  /** The environment's clock (docs/decisions/0136). */
  readonly timeScale: number;
}

/** Where a UF of the batch stands: answered (a conclusion), still running, or ended without a conclusion. */
export type UfSituacao = 'concluida' | 'pendente' | 'falhou';

/** The classes that are a conclusion about the target (contract 7.3): found something, or found nothing. */
const CONCLUSIVE: ReadonlySet<ResultClass> = new Set<ResultClass>(['sucesso', 'nao_encontrado']);

export interface BatchAnswer {
  readonly status: 200 | 202;
  readonly envelope: Omit<EnvelopeInput<DataItem>, 'requestId'>;
}

/** An order of the batch, its request and result decoded as it is read. */
interface BatchOrderRow {
  readonly protocolo: string;
  readonly status_consulta: string | null;
  readonly request: OrderRequest | undefined;
  readonly uf: string;
  readonly state: string;
  readonly code: number | null;
  readonly result: OrderResult | null;
  readonly price_centavos: number;
}

/** A search's result; none for the other products (their batches report no findings). */
function searchResultOf(order: BatchOrderRow): SearchResult {
  return order.result?.fonte === 'pesquisa-previa-bens' ? order.result.data : {};
}

function cpfCnpjOf(request: OrderRequest | undefined): string | null {
  return request?.body.cpf_cnpj ?? null;
}

function matriculaOf(request: OrderRequest | undefined): string | null {
  return request === undefined || request.fonte === 'pesquisa-previa-bens' ? null : request.body.imovel_matricula;
}

function targetKey(cpfCnpj: string | null, uf: string): string {
  return `${cpfCnpj ?? ''}|${uf}`;
}

/** CPF/CNPJ × UF → the item's index in a many-targets batch's stored (normalized) request. */
function itemIndexes(stored: unknown): Map<string, number> {
  const itens = decodeTargetsBatchRequest(stored)?.itens ?? [];
  return new Map(itens.map((item, index) => [targetKey(item.cpf_cnpj, item.uf), index]));
}

function classOf(code: number | null): ResultClass | null {
  return code !== null && isResultCode(code) ? resultClassOf(code) : null;
}

function situacaoOf(order: BatchOrderRow): UfSituacao {
  if (order.state !== 'finished') return 'pendente';
  const klass = classOf(order.code);
  return klass !== null && CONCLUSIVE.has(klass) ? 'concluida' : 'falhou';
}

/**
 * `GET /v1/lotes/{lote}` (issue 16; docs/decisions/0087, 0088, 0090): the batch of the caller's account, or undefined
 * (another account's batch is answered as nonexistent, contract 5.6). Stored state only, like a poll: free, never the
 * origin. `cobertura` says, per order (a UF, or an item), where it stands; `imoveis` consolidates the findings of every
 * search answered, each with the UF searched and its order's protocolo (none in a batch of record views or
 * certificates). 202 while any order runs (with the longest wait), 200 once none does.
 */
export async function batchAnswer(
  deps: BatchViewDeps,
  lote: string,
  accountId: string,
): Promise<BatchAnswer | undefined> {
  if (!isWellFormedProtocolo(lote)) return undefined;
  const batch = await deps.db
    .selectFrom('order_batch')
    .select(['id', 'lote', 'fonte', 'kind', 'request', 'price_centavos', 'created_at'])
    .where('lote', '=', lote)
    .where('account_id', '=', accountId)
    .executeTakeFirst();
  if (batch === undefined) return undefined;
  const rows = await deps.db
    .selectFrom('orders')
    .select(['protocolo', 'request', 'uf', 'state', 'code', 'result', 'price_centavos', 'status_consulta'])
    .where('batch_id', '=', batch.id)
    // A batch of property requests lists its items in the order they were sent (docs/decisions/0090): its orders
    // were written in item order in the acceptance transaction, and `acceptance_seq` numbers rows as written.
    .orderBy(batch.kind === 'imoveis' ? 'acceptance_seq' : 'uf')
    .execute();
  const orders: BatchOrderRow[] = rows.map((row) => ({
    ...row,
    request: decodeOrderRequest(batch.fonte, row.request),
    result: decodeOrderResult(batch.fonte, row.result),
  }));
  const targets = batch.kind === 'pesquisa-alvos';
  const imoveisKind = batch.kind === 'imoveis';
  // A many-targets batch lists its items in the order they were sent (docs/decisions/0088): each CPF/CNPJ × UF is
  // there once, so the batch's request gives each order's index.
  const indexOf = targets ? itemIndexes(batch.request) : new Map<string, number>();
  const itemOf = (order: BatchOrderRow) =>
    indexOf.get(targetKey(cpfCnpjOf(order.request), order.uf)) ?? Number.MAX_SAFE_INTEGER;
  if (targets) orders.sort((a, b) => itemOf(a) - itemOf(b));
  const now = deps.clock.now();

  let waitS = 0;
  const cobertura: DataItem[] = [];
  const imoveis: DataItem[] = [];
  for (const order of orders) {
    const situacao = situacaoOf(order);
    const result = searchResultOf(order);
    let consultarDaquiS: number | null = null;
    if (situacao === 'pendente') {
      const polled = await getOrderInQueue(deps.db, order.protocolo, accountId, now);
      consultarDaquiS = polled === undefined ? 1 : secondsUntil(readyAt(deps, polled, now), now);
      waitS = Math.max(waitS, consultarDaquiS);
    }
    const found = situacao === 'pendente' ? [] : (result.imoveis ?? []);
    const target = targets
      ? { item: itemOf(order), cpf_cnpj: cpfCnpjOf(order.request) }
      : imoveisKind
        ? {
            item: cobertura.length,
            imovel_matricula: matriculaOf(order.request),
            status_consulta: order.status_consulta,
          }
        : {};
    for (const item of found) imoveis.push({ ...item, ...target, uf_pesquisada: order.uf, protocolo: order.protocolo });
    cobertura.push({
      ...target,
      uf: order.uf,
      protocolo: order.protocolo,
      consultar_em: pollingPath(order.protocolo),
      situacao,
      codigo: situacao === 'pendente' ? null : order.code,
      classe: situacao === 'pendente' ? null : classOf(order.code),
      nada_consta: situacao === 'concluida' && typeof result.nada_consta === 'boolean' ? result.nada_consta : null,
      provisorio: situacao === 'concluida' && typeof result.provisorio === 'boolean' ? result.provisorio : null,
      imoveis_encontrados: situacao === 'pendente' ? null : found.length,
      consultar_daqui_s: consultarDaquiS,
      preco: centavosToReais(order.price_centavos),
    });
  }
  const count = (situacao: UfSituacao) => cobertura.filter((item) => item.situacao === situacao).length;
  const pendentes = count('pendente');
  const running = pendentes > 0;
  const unit = targets || imoveisKind ? 'itens' : 'UFs';
  return {
    status: running ? 202 : 200,
    envelope: {
      code: running ? 202 : 200,
      codeMessage: running
        ? `Lote em processamento: ${pendentes} de ${orders.length} ${unit} ainda em andamento. Consulte novamente depois de data[0].consultar_daqui_s segundos.`
        : `Lote concluído: ${orders.length} ${unit}, ${count('concluida')} com resposta e ${count('falhou')} sem conclusão (veja data[0].cobertura).`,
      billable: false,
      priceCentavos: 0,
      data: [
        {
          lote: batch.lote,
          fonte: batch.fonte,
          abrangencia: targets ? 'alvos' : imoveisKind ? 'imoveis' : 'nacional',
          estado: running ? 'processando' : 'concluido',
          consultar_daqui_s: running ? waitS : null,
          criado_em: batch.created_at.toISOString(),
          debitado: centavosToReais(batch.price_centavos),
          resumo: {
            ...(targets || imoveisKind ? { itens: orders.length } : {}),
            ufs: targets || imoveisKind ? new Set(orders.map((order) => order.uf)).size : orders.length,
            concluidas: count('concluida'),
            pendentes,
            falhas: count('falhou'),
            imoveis: imoveis.length,
          },
          cobertura,
          imoveis,
        },
      ],
    },
  };
}
