import {
  BALANCE_LOW,
  type BalanceLow,
  type OrderFinished,
  type OrderReconciled,
  type OrderRefunded,
  type OrderRevised,
  type OutgoingMessage,
  orderFinishedRoutingKey,
  orderReconciledRoutingKey,
  orderRefundedRoutingKey,
  orderRevisedRoutingKey,
  WATCH_CHANGED,
  type WatchChanged,
} from '@regapi/bus';
import type { WatchDiffMatricula, WatchDiffPessoa } from '@regapi/contracts';

let counter = 0;

const newProtocolo = (): string => `${Date.now()}${String(counter).padStart(4, '0')}`;

/** An `order.finished` as libs/orders' `finish` writes it to the outbox (of `protocolo`, when given: a seeded order). */
export function orderFinished(
  accountId: string,
  code = 200,
  fonte = 'pesquisa-previa-bens',
  statusConsulta: string | null = code === 200 ? 'SUCESSO' : null,
  protocolo?: string,
): OutgoingMessage {
  counter += 1;
  const payload: OrderFinished = {
    order_id: crypto.randomUUID(),
    protocolo: protocolo ?? newProtocolo(),
    account_id: accountId,
    fonte,
    code,
    status_consulta: statusConsulta,
    finished_at: '2026-03-02T12:00:00.000Z',
  };
  return { id: crypto.randomUUID(), routingKey: orderFinishedRoutingKey(payload.fonte), payload, headers: {} };
}

/** An `order.reconciled` as the reconciler writes it: a 605 record view found at the origin. */
export function orderReconciled(accountId: string): OutgoingMessage {
  counter += 1;
  const payload: OrderReconciled = {
    order_id: crypto.randomUUID(),
    protocolo: newProtocolo(),
    account_id: accountId,
    fonte: 'visualizacao-matricula',
    outcome: 'found',
    reconciled_at: '2026-03-02T12:30:00.000Z',
  };
  return { id: crypto.randomUUID(), routingKey: orderReconciledRoutingKey(payload.fonte), payload, headers: {} };
}

/** A `billing.refunded` as billing's settlement writes it to the outbox. */
export function orderRefunded(accountId: string): OutgoingMessage {
  counter += 1;
  const payload: OrderRefunded = {
    order_id: crypto.randomUUID(),
    protocolo: newProtocolo(),
    account_id: accountId,
    fonte: 'certidao-inteiro-teor',
    amount_centavos: 9_637,
    code: 614,
    refunded_at: '2026-03-02T12:00:01.000Z',
  };
  return { id: crypto.randomUUID(), routingKey: orderRefundedRoutingKey(payload.fonte), payload, headers: {} };
}

/** An `order.revised` as libs/orders' revising transitions write it: a provisional search closed by the origin. */
export function orderRevised(accountId: string): OutgoingMessage {
  counter += 1;
  const payload: OrderRevised = {
    order_id: crypto.randomUUID(),
    protocolo: newProtocolo(),
    account_id: accountId,
    fonte: 'pesquisa-previa-bens',
    code: 200,
    status_consulta: 'SUCESSO',
    revisao: 1,
    revised_at: '2026-03-02T12:10:00.000Z',
  };
  return { id: crypto.randomUUID(), routingKey: orderRevisedRoutingKey(payload.fonte), payload, headers: {} };
}

/** An `account.balance-low` as libs/ledger writes it with the debit that crossed the threshold. */
export function balanceLow(accountId: string): OutgoingMessage {
  const payload: BalanceLow = {
    account_id: accountId,
    balance_centavos: 4_990,
    threshold_centavos: 10_000,
    at: '2026-03-02T12:20:00.000Z',
  };
  return { id: crypto.randomUUID(), routingKey: BALANCE_LOW, payload, headers: {} };
}

/** A whole `pessoa` diff as libs/orders' watch-diff builds it (decision 0162): one record new in SP, MG failing. */
export const PESSOA_DIFF = {
  tipo: 'pessoa',
  resultado: 'alteracao',
  resumo: '1 imóvel novo em SP',
  ufs: [
    {
      uf: 'MG',
      situacao: 'inconclusiva',
      motivo: 'sem_resultado',
      quantidade_imoveis: null,
      novos: [],
      deixaram_de_constar: [],
    },
    {
      uf: 'SP',
      situacao: 'comparada',
      motivo: null,
      quantidade_imoveis: 3,
      novos: [
        {
          chave: 'cns:111385|91374',
          matricula: '91.374',
          cartorio_cns: '111385',
          cartorio_numero: 1,
          cartorio_nome: '1º Oficial de Registro de Imóveis de São Paulo',
          cartorio_municipio: 'São Paulo',
          cartorio_uf: 'SP',
        },
      ],
      deixaram_de_constar: [],
    },
  ],
} as const satisfies WatchDiffPessoa;

/** A whole `matricula` diff: one act added (decision 0162). */
export const MATRICULA_DIFF = {
  tipo: 'matricula',
  resultado: 'alteracao',
  resumo: '1 ato novo: R.5 (penhora)',
  comparacao: 'texto',
  aviso: null,
  atos_novos: [
    { ato: 'R.5', tipo: 'R', numero: 5, natureza: 'penhora', texto: 'R.5/1234 - PENHORA. Por mandado de ...' },
  ],
  atos_alterados: [],
  atos_removidos: [],
  anomalias: [],
  documento_anterior: null,
  documento_atual: null,
} as const satisfies WatchDiffMatricula;

/** A `watch.changed` as the gateway's comparison of a finished run writes it to the outbox (decision 0164). */
export function watchChanged(
  accountId: string,
  diff: WatchDiffPessoa | WatchDiffMatricula = PESSOA_DIFF,
  referencia: string | null = 'carteira-7',
): OutgoingMessage {
  counter += 1;
  const payload: WatchChanged = {
    account_id: accountId,
    watch_id: crypto.randomUUID(),
    tipo: diff.tipo,
    referencia,
    planned_at: '2026-03-02T11:00:00.000Z',
    protocolos: [newProtocolo()],
    resumo: diff.resumo,
    diff: { ...diff, resultado: 'alteracao' },
    compared_at: '2026-03-02T11:04:05.123Z',
  };
  return { id: crypto.randomUUID(), routingKey: WATCH_CHANGED, payload, headers: {} };
}
