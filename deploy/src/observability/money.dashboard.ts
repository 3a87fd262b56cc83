import { EVENT_METRICS as E, type MetricDefinition, SNAPSHOT_METRICS as S } from '@regapi/telemetry';
import { type DashboardSpec, query } from './dashboard-spec';
import { increase, labelOf, series, snapshot, sum } from './promql';

const product = labelOf(E.debits, 'product');
const resultClass = labelOf(E.refunds, 'class');

/** Money is counted in centavos (architecture rule 3); the panels show reais. */
const reais = (expr: string) => `${expr} / 100`;
const lastHour = (metric: MetricDefinition) => increase(series(metric), '1h');

const debitsPerProduct = sum(lastHour(E.debits), product);
/** Products with debits and no refund read 0, not "no data". */
const refundsPerProduct = `(${sum(lastHour(E.refunds), product)} or 0 * ${debitsPerProduct})`;

export const moneyDashboard: DashboardSpec = {
  name: 'money',
  title: 'regapi / Money',
  description:
    "Debits and refunds of orders, the customers' balances (the platform's liability) and the ledger invariant.",
  rows: [
    {
      title: 'Debits and refunds (last hour)',
      panels: [
        {
          title: 'Debits per product',
          description: 'Order debits written to the ledger in the last hour, per product.',
          kind: 'timeseries',
          unit: 'short',
          width: 12,
          queries: [query(debitsPerProduct, `{{${product}}}`)],
        },
        {
          title: 'Debited per product',
          description: 'Amount debited from customers for orders in the last hour, per product.',
          kind: 'timeseries',
          unit: 'currencyBRL',
          width: 12,
          queries: [query(reais(sum(lastHour(E.debitedCentavos), product)), `{{${product}}}`)],
        },
        {
          title: 'Refunds per product and class',
          description: 'Order refunds in the last hour, by product and the result class that caused them.',
          kind: 'timeseries',
          unit: 'short',
          width: 12,
          queries: [query(sum(lastHour(E.refunds), product, resultClass), `{{${product}}} {{${resultClass}}}`)],
        },
        {
          title: 'Refunded per product and class',
          description: 'Amount refunded to customers in the last hour, by product and result class.',
          kind: 'timeseries',
          unit: 'currencyBRL',
          width: 12,
          queries: [
            query(reais(sum(lastHour(E.refundedCentavos), product, resultClass)), `{{${product}}} {{${resultClass}}}`),
          ],
        },
        {
          title: 'Refund rate',
          description: 'Refunds per debit in the last hour, per product: a jump means the origin or a product fails.',
          kind: 'timeseries',
          unit: 'percentunit',
          width: 24,
          min: 0,
          queries: [query(`${refundsPerProduct} / ${debitsPerProduct}`, `{{${product}}}`)],
        },
      ],
    },
    {
      title: 'Balances and the ledger',
      panels: [
        {
          title: 'Customer balances (liability)',
          description: 'Sum of every customer balance: what the platform owes its customers.',
          kind: 'timeseries',
          unit: 'currencyBRL',
          width: 8,
          queries: [query(reais(snapshot(S.customerBalances)), 'balances')],
        },
        {
          title: 'Ledger invariant',
          description: 'Ledger invariant checks that fail: 0 means the ledger holds (alert LedgerInvariantBroken).',
          kind: 'stat',
          unit: 'short',
          width: 8,
          redFrom: 1,
          queries: [query(snapshot(S.ledgerInvariantViolations), 'violations')],
        },
        {
          title: 'Registry reconciliation',
          description:
            'Mismatches of the newest reconciliation with the registry: charged but unknown to us, ours never charged (alert RegistryReconciliationMismatch; pnpm ops finance reconcile).',
          kind: 'stat',
          unit: 'short',
          width: 8,
          redFrom: 1,
          queries: [query(snapshot(S.registryReconciliationMismatches), 'mismatches')],
        },
      ],
    },
  ],
};
