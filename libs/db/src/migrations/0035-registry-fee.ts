import { type Kysely, sql } from 'kysely';

/**
 * The registry's cost beside our revenue (issue 18; docs/decisions/0102, 0103).
 * - `registry_fee`: the fee the origin reported for one of ITS orders (`numero_pedido`), once, whatever redeliveries
 *   or later listings say (primary key; libs/ledger `recordRegistryFee` inserts ON CONFLICT DO NOTHING), with when
 *   the origin says it charged it and where we read it (its answer to the order, or its order listing).
 * - `registry_fee_posting`: the entry's legs, the platform's double entry with no customer in it: the expense
 *   `platform:registry_expense` debited (negative) and the liability `platform:registry_payable` credited (positive),
 *   the sign convention of `ledger_posting`. Checked at commit like a ledger entry (two legs summing to zero, the
 *   payable leg equal to the fee; a fee of zero has no legs); both tables are append-only (LG001, LG002).
 * - `registry_reconciliation` + `_line`: the persisted reports matching the origin's charges against our orders;
 *   `registry_month_close`: the reconciler's monthly close (the month's listing asked, applied, then its report).
 * - Finance views over them; customer orders are matched to origin orders by `orders.numero_pedido` at read time, so
 *   an origin order listed before we learnt its protocol is matched once we do.
 */

const FONTES = `('pesquisa-previa-bens', 'visualizacao-matricula', 'certidao-inteiro-teor')`;

/** Why an order was refunded, the causes under which the registry may still have charged it (decision 0103). */
const REFUND_CAUSE_SQL = `CASE
    WHEN r.fonte = 'certidao-inteiro-teor' AND r.reason LIKE 'Certidão indisponível%' THEN 'certificate_lost'
    WHEN r.code = 605 THEN 'origin_timeout_605'
    WHEN r.code = 607 THEN 'origin_error_607'
    ELSE 'other' END`;

export async function up(db: Kysely<unknown>): Promise<void> {
  const run = async (...statements: string[]): Promise<void> => {
    for (const statement of statements) await sql.raw(statement).execute(db);
  };
  await run(
    `CREATE TABLE registry_fee (
       numero_pedido text PRIMARY KEY CHECK (btrim(numero_pedido) <> ''),
       fonte text NOT NULL CHECK (fonte IN ${FONTES}),
       fee_centavos bigint NOT NULL CHECK (fee_centavos >= 0),
       charged_at timestamptz NOT NULL,
       source text NOT NULL CHECK (source IN ('answer', 'listing')),
       recorded_in_xact xid8 NOT NULL DEFAULT pg_current_xact_id(),
       recorded_at timestamptz NOT NULL DEFAULT clock_timestamp()
     )`,
    `CREATE INDEX registry_fee_charged_at ON registry_fee (charged_at)`,
    `CREATE TABLE registry_fee_posting (
       id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
       numero_pedido text NOT NULL REFERENCES registry_fee (numero_pedido),
       system_account text NOT NULL
         CHECK (system_account IN ('platform:registry_expense', 'platform:registry_payable')),
       amount_centavos bigint NOT NULL CHECK (amount_centavos <> 0)
     )`,
    `CREATE INDEX registry_fee_posting_fee ON registry_fee_posting (numero_pedido)`,
    `CREATE FUNCTION registry_fee_posting_prepare() RETURNS trigger LANGUAGE plpgsql AS $$
     BEGIN
       IF (SELECT recorded_in_xact FROM registry_fee WHERE numero_pedido = NEW.numero_pedido)
          IS DISTINCT FROM pg_current_xact_id() THEN
         RAISE EXCEPTION 'registry fee % is already posted; entries are append-only', NEW.numero_pedido
           USING ERRCODE = 'LG001';
       END IF;
       RETURN NEW;
     END $$`,
    `CREATE TRIGGER registry_fee_posting_prepare BEFORE INSERT ON registry_fee_posting
     FOR EACH ROW EXECUTE FUNCTION registry_fee_posting_prepare()`,
    `CREATE FUNCTION registry_fee_assert_balanced(fee_id text) RETURNS void LANGUAGE plpgsql AS $$
     DECLARE
       fee bigint;
       legs integer;
       total bigint;
       payable bigint;
     BEGIN
       SELECT fee_centavos INTO fee FROM registry_fee WHERE numero_pedido = fee_id;
       SELECT count(*), coalesce(sum(amount_centavos), 0),
              coalesce(sum(amount_centavos) FILTER (WHERE system_account = 'platform:registry_payable'), 0)
         INTO legs, total, payable
       FROM registry_fee_posting WHERE numero_pedido = fee_id;
       IF total <> 0 OR payable <> fee OR (fee > 0 AND legs <> 2) OR (fee = 0 AND legs <> 0) THEN
         RAISE EXCEPTION 'registry fee % is unbalanced (% legs, sum %, payable % of %)',
           fee_id, legs, total, payable, fee USING ERRCODE = 'LG002';
       END IF;
     END $$`,
    `CREATE FUNCTION registry_fee_balanced() RETURNS trigger LANGUAGE plpgsql AS $$
     BEGIN
       PERFORM registry_fee_assert_balanced(NEW.numero_pedido);
       RETURN NULL;
     END $$`,
    `CREATE CONSTRAINT TRIGGER registry_fee_balanced AFTER INSERT ON registry_fee
     DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION registry_fee_balanced()`,
    `CREATE CONSTRAINT TRIGGER registry_fee_posting_balanced AFTER INSERT ON registry_fee_posting
     DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION registry_fee_balanced()`,
    `CREATE TRIGGER registry_fee_append_only BEFORE UPDATE OR DELETE ON registry_fee
     FOR EACH ROW EXECUTE FUNCTION ledger_append_only()`,
    `CREATE TRIGGER registry_fee_no_truncate BEFORE TRUNCATE ON registry_fee
     FOR EACH STATEMENT EXECUTE FUNCTION ledger_append_only()`,
    `CREATE TRIGGER registry_fee_posting_append_only BEFORE UPDATE OR DELETE ON registry_fee_posting
     FOR EACH ROW EXECUTE FUNCTION ledger_append_only()`,
    `CREATE TRIGGER registry_fee_posting_no_truncate BEFORE TRUNCATE ON registry_fee_posting
     FOR EACH STATEMENT EXECUTE FUNCTION ledger_append_only()`,

    `CREATE TABLE registry_reconciliation (
       id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
       period_from timestamptz NOT NULL,
       period_to timestamptz NOT NULL,
       month text CHECK (month ~ '^[0-9]{4}-(0[1-9]|1[0-2])$'),
       mismatches integer NOT NULL CHECK (mismatches >= 0),
       totals jsonb NOT NULL,
       computed_at timestamptz NOT NULL DEFAULT clock_timestamp(),
       CHECK (period_from < period_to)
     )`,
    `CREATE INDEX registry_reconciliation_newest ON registry_reconciliation (computed_at DESC)`,
    `CREATE TABLE registry_reconciliation_line (
       reconciliation_id uuid NOT NULL REFERENCES registry_reconciliation (id) ON DELETE CASCADE,
       category text NOT NULL
         CHECK (category IN ('charged_delivered', 'charged_refunded', 'charged_unknown', 'ours_unlisted')),
       numero_pedido text,
       order_id uuid,
       fonte text,
       fee_centavos bigint NOT NULL,
       price_centavos bigint NOT NULL,
       refunded_centavos bigint NOT NULL,
       loss_cause text
     )`,
    `CREATE INDEX registry_reconciliation_line_report ON registry_reconciliation_line (reconciliation_id, category)`,
    // The month close: the listing asked for the month (the one source of a search's fee), then its report.
    `CREATE TABLE registry_month_close (
       month text PRIMARY KEY CHECK (month ~ '^[0-9]{4}-(0[1-9]|1[0-2])$'),
       period_from timestamptz NOT NULL,
       period_to timestamptz NOT NULL,
       listing_asked_at timestamptz NOT NULL,
       listing_applied_at timestamptz,
       reconciliation_id uuid REFERENCES registry_reconciliation (id)
     )`,

    // One row per origin order the registry charged, with its customer order when we know it.
    `CREATE VIEW finance_registry_fee AS
     SELECT f.numero_pedido, f.fonte, o.uf, o.id AS order_id, o.account_id, f.fee_centavos, f.charged_at,
            (f.charged_at AT TIME ZONE 'America/Sao_Paulo')::date AS day, f.source, f.recorded_at
     FROM registry_fee f
     LEFT JOIN orders o ON o.numero_pedido = f.numero_pedido`,
    // One row per debited order: what the customer paid net of refunds, the registry's fee, and the margin.
    `CREATE VIEW finance_order_margin AS
     SELECT d.order_id, d.account_id, d.protocolo, d.fonte, d.uf,
            (d.created_at AT TIME ZONE 'America/Sao_Paulo')::date AS day,
            (-d.amount_centavos)::bigint AS price_centavos,
            coalesce(r.amount_centavos, 0)::bigint AS refunded_centavos,
            (-d.amount_centavos - coalesce(r.amount_centavos, 0))::bigint AS customer_net_centavos,
            CASE WHEN r.id IS NOT NULL THEN ${REFUND_CAUSE_SQL} END AS refund_cause,
            o.numero_pedido, f.fee_centavos AS registry_fee_centavos,
            (-d.amount_centavos - coalesce(r.amount_centavos, 0) - coalesce(f.fee_centavos, 0))::bigint
              AS margin_centavos
     FROM ledger_transaction d
     LEFT JOIN ledger_transaction r ON r.kind = 'order_refund' AND r.order_id = d.order_id
     LEFT JOIN orders o ON o.id = d.order_id
     LEFT JOIN registry_fee f ON f.numero_pedido = o.numero_pedido
     WHERE d.kind = 'order_debit'`,
    // What the platform owes the registry, per day it charged and product: the payable legs.
    `CREATE VIEW finance_registry_payable AS
     SELECT (f.charged_at AT TIME ZONE 'America/Sao_Paulo')::date AS day, f.fonte,
            count(DISTINCT f.numero_pedido) AS origin_orders,
            coalesce(sum(p.amount_centavos), 0)::bigint AS payable_centavos
     FROM registry_fee f
     LEFT JOIN registry_fee_posting p ON p.numero_pedido = f.numero_pedido AND p.system_account = 'platform:registry_payable'
     GROUP BY 1, 2`,
    // Refunds of orders the registry still charged, per refund day, product and cause: the fee is the platform's loss.
    `CREATE VIEW finance_platform_loss AS
     SELECT (r.created_at AT TIME ZONE 'America/Sao_Paulo')::date AS day, m.fonte, m.refund_cause AS cause,
            count(*) AS orders, sum(m.refunded_centavos)::bigint AS refunded_centavos,
            sum(m.registry_fee_centavos)::bigint AS loss_centavos
     FROM finance_order_margin m
     JOIN ledger_transaction r ON r.kind = 'order_refund' AND r.order_id = m.order_id
     WHERE m.registry_fee_centavos > 0
     GROUP BY 1, 2, 3`,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const statement of [
    'DROP VIEW finance_platform_loss',
    'DROP VIEW finance_registry_payable',
    'DROP VIEW finance_order_margin',
    'DROP VIEW finance_registry_fee',
    'DROP TABLE registry_month_close',
    'DROP TABLE registry_reconciliation_line',
    'DROP TABLE registry_reconciliation',
    'DROP TABLE registry_fee_posting',
    'DROP TABLE registry_fee',
    'DROP FUNCTION registry_fee_balanced()',
    'DROP FUNCTION registry_fee_assert_balanced(text)',
    'DROP FUNCTION registry_fee_posting_prepare()',
  ]) {
    await sql.raw(statement).execute(db);
  }
}
