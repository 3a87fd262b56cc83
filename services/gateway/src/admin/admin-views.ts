import { formatReais } from '@regapi/br';
import type { Account, Plan, StatementLine } from '@regapi/ledger';
import type { Order } from '@regapi/orders';
import type { ApiTokenRecord } from '@regapi/tokens';
import type { ProductStatus } from '../products/product-status';

/**
 * What the admin API answers (and the ops CLI prints), in one place. Operator-facing English snake_case; money both as
 * exact decimal text in reais (`"150.00"`) and as integer centavos (docs/decisions/0019).
 */

export function tokenView(token: ApiTokenRecord) {
  return {
    token_id: token.id,
    scopes: [...token.scopes],
    kid: token.kid,
    created_at: token.createdAt.toISOString(),
    expires_at: token.expiresAt.toISOString(),
    revoked_at: token.revokedAt?.toISOString() ?? null,
    ambiente: token.ambiente,
  };
}

export function accountView(account: Account, plan: Plan | undefined, tokens: readonly ApiTokenRecord[]) {
  return {
    account_id: account.id,
    name: account.name,
    plan: {
      id: account.plan_id,
      name: plan?.name ?? null,
      margins: plan?.margins ?? {},
      // Decision 0084: the most open orders the account may have at once.
      max_open_orders: plan?.maxOpenOrders ?? null,
    },
    balance: formatReais(account.balance_centavos),
    balance_centavos: account.balance_centavos,
    created_at: account.created_at.toISOString(),
    tokens: tokens.map(tokenView),
  };
}

/** One line of `account list`: who, which plan, how much; the tokens are in `account show`. */
export function accountListView(account: Account, planName: string | null) {
  return {
    account_id: account.id,
    name: account.name,
    plan: account.plan_id,
    plan_name: planName,
    balance: formatReais(account.balance_centavos),
    balance_centavos: account.balance_centavos,
    created_at: account.created_at.toISOString(),
  };
}

/** A plan as the admin API shows it: its margins and its open-order limit (decision 0084). */
export function planView(plan: Plan) {
  return { id: plan.id, name: plan.name, margins: plan.margins, max_open_orders: plan.maxOpenOrders };
}

export function ledgerEntryView(line: StatementLine) {
  return {
    transaction_id: line.transaction_id,
    seq: line.seq,
    kind: line.kind,
    amount: formatReais(line.amount_centavos),
    amount_centavos: line.amount_centavos,
    balance_after: formatReais(line.balance_after_centavos),
    account_id: line.account_id,
    order_id: line.order_id,
    protocolo: line.protocolo,
    fonte: line.fonte,
    uf: line.uf,
    code: line.code,
    result_class: line.result_class,
    external_reference: line.external_reference,
    reason: line.reason,
    created_at: line.created_at.toISOString(),
  };
}

export function orderView(order: Order) {
  return {
    order_id: order.id,
    protocolo: order.protocolo,
    account_id: order.accountId,
    token_id: order.tokenId,
    fonte: order.fonte,
    uf: order.uf,
    state: order.state,
    code: order.code,
    status_consulta: order.statusConsulta,
    price: formatReais(order.priceCentavos),
    price_centavos: order.priceCentavos,
    numero_pedido: order.numeroPedido,
    attempts: order.attempts,
    request: order.request?.body ?? null,
    result: order.result?.data ?? null,
    site_receipts: [...order.siteReceipts],
    request_id: order.requestId,
    created_at: order.createdAt.toISOString(),
    updated_at: order.updatedAt.toISOString(),
    finished_at: order.finishedAt?.toISOString() ?? null,
  };
}

export function productStatusView(status: ProductStatus) {
  return {
    fonte: status.fonte,
    enabled: status.enabled,
    reason: status.reason,
    changed_at: status.changedAt.toISOString(),
  };
}
