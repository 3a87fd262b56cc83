import { type Kysely, sql } from 'kysely';

/**
 * Plans, accounts and the double-entry, append-only ledger (architecture rule 3; docs/decisions/0011, 0012).
 * libs/ledger is the only writer; these constraints make its promises hold even against raw SQL:
 * - `ledger_transaction` is one journal entry: its cause (kind, order, protocolo, external reference, reason) and
 *   `amount_centavos`, the signed change of the customer's balance. `ledger_posting` holds its legs, which sum to zero
 *   (checked at commit) against the customer's account and the platform's system accounts.
 * - `account.balance_centavos` is written only by the ledger trigger: a direct UPDATE of it is refused, so the
 *   balance is always the sum of the account's postings; CHECK (>= 0) is the backstop against overdraft.
 * - An order is debited at most once and refunded at most once (partial unique indexes); a refund never exceeds its
 *   debit (trigger); a top-up reference is unique per account; entries are never updated or deleted (trigger).
 * - `order_id` has no foreign key: this migration runs before the orders table (0006) exists.
 * Custom SQLSTATEs (named in libs/ledger `LEDGER_SQLSTATE`): LG001 append-only, LG002 unbalanced entry,
 * LG003 refund without or beyond its debit, LG004 balance written outside the ledger, LG005 entry order.
 */

const FONTES = `('pesquisa-previa-bens', 'visualizacao-matricula', 'certidao-inteiro-teor')`;

export async function up(db: Kysely<unknown>): Promise<void> {
  const run = async (...statements: ReturnType<typeof sql.raw>[]): Promise<void> => {
    for (const statement of statements) await statement.execute(db);
  };

  await run(
    sql.raw(`
      CREATE TABLE plan (
        id text PRIMARY KEY CHECK (id ~ '^[a-z0-9][a-z0-9-]*$'),
        name text NOT NULL CHECK (btrim(name) <> ''),
        created_at timestamptz NOT NULL DEFAULT now()
      )`),
    // Margin over the office fee, per product: a percentage (basis points, 1500 = 15 %) and/or a fixed amount.
    sql.raw(`
      CREATE TABLE plan_margin (
        plan_id text NOT NULL REFERENCES plan (id),
        fonte text NOT NULL CHECK (fonte IN ${FONTES}),
        margin_bps integer NOT NULL CHECK (margin_bps BETWEEN 0 AND 100000),
        margin_fixed_centavos bigint NOT NULL CHECK (margin_fixed_centavos >= 0),
        PRIMARY KEY (plan_id, fonte)
      )`),
    sql.raw(`
      INSERT INTO plan (id, name) VALUES
        ('padrao', 'Padrão'), ('volume', 'Volume'), ('parceiro', 'Parceiro')`),
    sql.raw(`
      INSERT INTO plan_margin (plan_id, fonte, margin_bps, margin_fixed_centavos)
      SELECT p.plan_id, f.fonte, p.margin_bps, p.margin_fixed_centavos
      FROM (VALUES ('padrao', 2000, 300), ('volume', 1000, 200), ('parceiro', 500, 0))
             AS p (plan_id, margin_bps, margin_fixed_centavos)
      CROSS JOIN unnest(ARRAY['pesquisa-previa-bens', 'visualizacao-matricula', 'certidao-inteiro-teor']) AS f (fonte)`),

    sql.raw(`
      CREATE TABLE account (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        name text NOT NULL CHECK (btrim(name) <> ''),
        plan_id text NOT NULL DEFAULT 'padrao' REFERENCES plan (id),
        balance_centavos bigint NOT NULL DEFAULT 0 CONSTRAINT account_balance_not_negative CHECK (balance_centavos >= 0),
        created_at timestamptz NOT NULL DEFAULT now()
      )`),
    // The balance moves only through ledger entries: the entry trigger's UPDATE runs at trigger depth 2, a direct
    // UPDATE at depth 1. An account starts at zero; money arrives as a top-up.
    sql.raw(`
      CREATE FUNCTION account_balance_guard() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF TG_OP = 'INSERT' AND NEW.balance_centavos <> 0 THEN
          RAISE EXCEPTION 'an account starts with a zero balance; credit it with a top-up'
            USING ERRCODE = 'LG004';
        END IF;
        IF TG_OP = 'UPDATE' AND NEW.balance_centavos IS DISTINCT FROM OLD.balance_centavos
           AND pg_trigger_depth() < 2 THEN
          RAISE EXCEPTION 'account % balance changes only through ledger entries', OLD.id USING ERRCODE = 'LG004';
        END IF;
        RETURN NEW;
      END $$`),
    sql.raw(`
      CREATE TRIGGER account_balance_guard BEFORE INSERT OR UPDATE ON account
      FOR EACH ROW EXECUTE FUNCTION account_balance_guard()`),

    sql.raw(`CREATE SEQUENCE ledger_transaction_seq AS bigint`),
    sql.raw(`
      CREATE TABLE ledger_transaction (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        seq bigint NOT NULL UNIQUE,
        kind text NOT NULL CHECK (kind IN ('topup', 'order_debit', 'order_refund', 'adjustment')),
        account_id uuid NOT NULL REFERENCES account (id),
        amount_centavos bigint NOT NULL,
        balance_after_centavos bigint NOT NULL
          CONSTRAINT ledger_transaction_balance_not_negative CHECK (balance_after_centavos >= 0),
        order_id uuid,
        protocolo text CHECK (protocolo ~ '^[0-9]+$'),
        fonte text CHECK (fonte IN ${FONTES}),
        uf text CHECK (uf ~ '^[A-Z]{2}$'),
        code integer CHECK (code BETWEEN 100 AND 999),
        result_class text,
        external_reference text CHECK (btrim(external_reference) <> ''),
        reason text CHECK (btrim(reason) <> ''),
        created_in_xact xid8 NOT NULL,
        created_at timestamptz NOT NULL,
        CONSTRAINT ledger_transaction_kind_shape CHECK (CASE kind
          WHEN 'topup' THEN amount_centavos > 0 AND order_id IS NULL
          WHEN 'order_debit' THEN amount_centavos < 0 AND order_id IS NOT NULL AND protocolo IS NOT NULL
            AND fonte IS NOT NULL
          WHEN 'order_refund' THEN amount_centavos > 0 AND order_id IS NOT NULL AND reason IS NOT NULL
          WHEN 'adjustment' THEN amount_centavos <> 0 AND reason IS NOT NULL
          ELSE false END)
      )`),
    sql.raw(
      `CREATE UNIQUE INDEX ledger_one_debit_per_order ON ledger_transaction (order_id) WHERE kind = 'order_debit'`,
    ),
    sql.raw(
      `CREATE UNIQUE INDEX ledger_one_refund_per_order ON ledger_transaction (order_id) WHERE kind = 'order_refund'`,
    ),
    sql.raw(`
      CREATE UNIQUE INDEX ledger_topup_reference_once ON ledger_transaction (account_id, external_reference)
      WHERE kind = 'topup'`),
    sql.raw(`CREATE INDEX ledger_transaction_account ON ledger_transaction (account_id, seq)`),
    sql.raw(`CREATE INDEX ledger_transaction_protocolo ON ledger_transaction (protocolo) WHERE protocolo IS NOT NULL`),
    sql.raw(`CREATE INDEX ledger_transaction_created_at ON ledger_transaction (created_at)`),

    sql.raw(`
      CREATE TABLE ledger_posting (
        id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
        transaction_id uuid NOT NULL REFERENCES ledger_transaction (id),
        account_id uuid REFERENCES account (id),
        system_account text CHECK (system_account IN ('platform:cash', 'platform:revenue', 'platform:adjustments')),
        amount_centavos bigint NOT NULL CHECK (amount_centavos <> 0),
        CONSTRAINT ledger_posting_one_side CHECK (num_nonnulls(account_id, system_account) = 1)
      )`),
    sql.raw(`CREATE INDEX ledger_posting_transaction ON ledger_posting (transaction_id)`),
    sql.raw(`CREATE INDEX ledger_posting_account ON ledger_posting (account_id) WHERE account_id IS NOT NULL`),

    // Before an entry: lock the account (entries of one account are serialized, so seq and balance_after follow
    // the order they apply in), check a refund against its debit, and stamp what the caller may not choose.
    sql.raw(`
      CREATE FUNCTION ledger_transaction_prepare() RETURNS trigger LANGUAGE plpgsql AS $$
      DECLARE
        current_balance bigint;
        debit record;
      BEGIN
        SELECT balance_centavos INTO current_balance FROM account WHERE id = NEW.account_id FOR UPDATE;
        IF NOT FOUND THEN
          RAISE EXCEPTION 'account % does not exist', NEW.account_id USING ERRCODE = 'foreign_key_violation';
        END IF;
        IF NEW.kind = 'order_refund' THEN
          SELECT account_id, amount_centavos INTO debit
          FROM ledger_transaction WHERE kind = 'order_debit' AND order_id = NEW.order_id;
          IF NOT FOUND THEN
            RAISE EXCEPTION 'order % has no debit to refund', NEW.order_id USING ERRCODE = 'LG003';
          END IF;
          IF debit.account_id <> NEW.account_id OR NEW.amount_centavos > -debit.amount_centavos THEN
            RAISE EXCEPTION 'refund of order % exceeds its debit or names another account', NEW.order_id
              USING ERRCODE = 'LG003';
          END IF;
        END IF;
        NEW.seq := nextval('ledger_transaction_seq');
        NEW.balance_after_centavos := current_balance + NEW.amount_centavos;
        NEW.created_in_xact := pg_current_xact_id();
        NEW.created_at := clock_timestamp();
        RETURN NEW;
      END $$`),
    sql.raw(`
      CREATE TRIGGER ledger_transaction_prepare BEFORE INSERT ON ledger_transaction
      FOR EACH ROW EXECUTE FUNCTION ledger_transaction_prepare()`),
    // After the row is really inserted (not skipped by ON CONFLICT DO NOTHING): move the balance. A multi-row insert
    // on one account would have stamped stale balances; it is refused rather than recorded wrong.
    sql.raw(`
      CREATE FUNCTION ledger_transaction_apply() RETURNS trigger LANGUAGE plpgsql AS $$
      DECLARE
        new_balance bigint;
      BEGIN
        UPDATE account SET balance_centavos = balance_centavos + NEW.amount_centavos
        WHERE id = NEW.account_id RETURNING balance_centavos INTO new_balance;
        IF new_balance IS DISTINCT FROM NEW.balance_after_centavos THEN
          RAISE EXCEPTION 'insert ledger entries of one account one row per statement' USING ERRCODE = 'LG005';
        END IF;
        RETURN NULL;
      END $$`),
    sql.raw(`
      CREATE TRIGGER ledger_transaction_apply AFTER INSERT ON ledger_transaction
      FOR EACH ROW EXECUTE FUNCTION ledger_transaction_apply()`),

    // Legs belong to an entry written in the same database transaction, and the customer leg to its own account.
    sql.raw(`
      CREATE FUNCTION ledger_posting_prepare() RETURNS trigger LANGUAGE plpgsql AS $$
      DECLARE
        entry record;
      BEGIN
        SELECT account_id, created_in_xact INTO entry FROM ledger_transaction WHERE id = NEW.transaction_id;
        IF NOT FOUND THEN
          RAISE EXCEPTION 'ledger transaction % does not exist', NEW.transaction_id
            USING ERRCODE = 'foreign_key_violation';
        END IF;
        IF entry.created_in_xact <> pg_current_xact_id() THEN
          RAISE EXCEPTION 'ledger transaction % is already posted; entries are append-only', NEW.transaction_id
            USING ERRCODE = 'LG001';
        END IF;
        IF NEW.account_id IS NOT NULL AND NEW.account_id <> entry.account_id THEN
          RAISE EXCEPTION 'a leg of ledger transaction % names another customer account', NEW.transaction_id
            USING ERRCODE = 'LG002';
        END IF;
        RETURN NEW;
      END $$`),
    sql.raw(`
      CREATE TRIGGER ledger_posting_prepare BEFORE INSERT ON ledger_posting
      FOR EACH ROW EXECUTE FUNCTION ledger_posting_prepare()`),

    // At commit: every entry has at least two legs summing to zero, and its customer leg equals its amount.
    sql.raw(`
      CREATE FUNCTION ledger_assert_balanced(entry_id uuid) RETURNS void LANGUAGE plpgsql AS $$
      DECLARE
        entry_amount bigint;
        legs integer;
        total bigint;
        customer bigint;
      BEGIN
        SELECT amount_centavos INTO entry_amount FROM ledger_transaction WHERE id = entry_id;
        SELECT count(*), coalesce(sum(amount_centavos), 0),
               coalesce(sum(amount_centavos) FILTER (WHERE account_id IS NOT NULL), 0)
          INTO legs, total, customer
        FROM ledger_posting WHERE transaction_id = entry_id;
        IF legs < 2 OR total <> 0 OR customer <> entry_amount THEN
          RAISE EXCEPTION 'ledger transaction % is unbalanced (% legs, sum %, customer % of %)',
            entry_id, legs, total, customer, entry_amount USING ERRCODE = 'LG002';
        END IF;
      END $$`),
    sql.raw(`
      CREATE FUNCTION ledger_transaction_balanced() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        PERFORM ledger_assert_balanced(NEW.id);
        RETURN NULL;
      END $$`),
    sql.raw(`
      CREATE FUNCTION ledger_posting_balanced() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        PERFORM ledger_assert_balanced(NEW.transaction_id);
        RETURN NULL;
      END $$`),
    sql.raw(`
      CREATE CONSTRAINT TRIGGER ledger_transaction_balanced AFTER INSERT ON ledger_transaction
      DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION ledger_transaction_balanced()`),
    sql.raw(`
      CREATE CONSTRAINT TRIGGER ledger_posting_balanced AFTER INSERT ON ledger_posting
      DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION ledger_posting_balanced()`),

    // Append-only: a mistake is corrected by a new entry (an adjustment), never by editing history.
    sql.raw(`
      CREATE FUNCTION ledger_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        RAISE EXCEPTION '% is append-only: % refused', TG_TABLE_NAME, TG_OP USING ERRCODE = 'LG001';
      END $$`),
    sql.raw(`
      CREATE TRIGGER ledger_transaction_append_only BEFORE UPDATE OR DELETE ON ledger_transaction
      FOR EACH ROW EXECUTE FUNCTION ledger_append_only()`),
    sql.raw(`
      CREATE TRIGGER ledger_transaction_no_truncate BEFORE TRUNCATE ON ledger_transaction
      FOR EACH STATEMENT EXECUTE FUNCTION ledger_append_only()`),
    sql.raw(`
      CREATE TRIGGER ledger_posting_append_only BEFORE UPDATE OR DELETE ON ledger_posting
      FOR EACH ROW EXECUTE FUNCTION ledger_append_only()`),
    sql.raw(`
      CREATE TRIGGER ledger_posting_no_truncate BEFORE TRUNCATE ON ledger_posting
      FOR EACH STATEMENT EXECUTE FUNCTION ledger_append_only()`),
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const statement of [
    'DROP TABLE ledger_posting',
    'DROP TABLE ledger_transaction',
    'DROP SEQUENCE ledger_transaction_seq',
    'DROP FUNCTION ledger_append_only()',
    'DROP FUNCTION ledger_posting_balanced()',
    'DROP FUNCTION ledger_transaction_balanced()',
    'DROP FUNCTION ledger_assert_balanced(uuid)',
    'DROP FUNCTION ledger_posting_prepare()',
    'DROP FUNCTION ledger_transaction_apply()',
    'DROP FUNCTION ledger_transaction_prepare()',
    'DROP TABLE account',
    'DROP FUNCTION account_balance_guard()',
    'DROP TABLE plan_margin',
    'DROP TABLE plan',
  ]) {
    await sql.raw(statement).execute(db);
  }
}
