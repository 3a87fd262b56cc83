import type { Migration } from 'kysely';
import * as m0001 from './0001-outbox';
import * as m0002 from './0002-bus-delivery';
import * as m0003 from './0003-accounts-ledger';
import * as m0004 from './0004-api-tokens';
import * as m0005 from './0005-finance-views';
import * as m0006 from './0006-orders';
import * as m0007 from './0007-scheduled-messages';
import * as m0008 from './0008-catalog';
import * as m0009 from './0009-idempotency';
import * as m0010 from './0010-order-documents';
import * as m0011 from './0011-reconciliation';
import * as m0012 from './0012-idempotency-answer-at-claim';
import * as m0014 from './0014-protocolo-secret-and-revisions';
import * as m0015 from './0015-admin-audit';
import * as m0016 from './0016-rate-limit-allowance';
import * as m0017 from './0017-order-sweep';
import * as m0018 from './0018-metrics-snapshot';
import * as m0019 from './0019-console-auth';
import * as m0020 from './0020-api-token-console';
import * as m0021 from './0021-account-low-balance';
import * as m0023 from './0023-console-links-mail-totp';
import * as m0024 from './0024-plan-open-order-limit';
import * as m0025 from './0025-order-batch';
import * as m0026 from './0026-order-batch-targets';
import * as m0027 from './0027-fair-schedule';
import * as m0028 from './0028-order-batch-imoveis';
import * as m0029 from './0029-order-list-and-status';
import * as m0030 from './0030-webhooks';
import * as m0031 from './0031-fair-schedule-run-times';
import * as m0032 from './0032-order-document-received-at';
import * as m0033 from './0033-api-token-ambiente';
import * as m0034 from './0034-monthly-statement';
import * as m0035 from './0035-registry-fee';
import * as m0036 from './0036-finance-role';
import * as m0037 from './0037-origin-leadership-and-intents';
import * as m0038 from './0038-origin-ownership-check';
import * as m0039 from './0039-origin-ownership-finding-names';
import * as m0040 from './0040-document-scrub';
import * as m0043 from './0043-order-reference';
import * as m0044 from './0044-console-test-mode';
import * as m0047 from './0047-webhook-delivery-retention';
import * as m0048 from './0048-watches';
import * as m0049 from './0049-watch-runs-in-finance-and-metrics';
import * as m0050 from './0050-console-user-watch-change-mail';
import * as m0051 from './0051-watch-run-late';
import * as m0052 from './0052-certificate-not-found';

/**
 * Every migration, by name, in order. Listed here rather than read from a folder so that the same code runs from
 * TypeScript sources (tests) and from the compiled dist (services).
 */
export const migrations: Record<string, Migration> = {
  '0001-outbox': m0001,
  '0002-bus-delivery': m0002,
  '0003-accounts-ledger': m0003,
  '0004-api-tokens': m0004,
  '0005-finance-views': m0005,
  '0006-orders': m0006,
  '0007-scheduled-messages': m0007,
  '0008-catalog': m0008,
  '0009-idempotency': m0009,
  '0010-order-documents': m0010,
  '0011-reconciliation': m0011,
  '0012-idempotency-answer-at-claim': m0012,
  '0014-protocolo-secret-and-revisions': m0014,
  '0015-admin-audit': m0015,
  '0016-rate-limit-allowance': m0016,
  '0017-order-sweep': m0017,
  '0018-metrics-snapshot': m0018,
  '0019-console-auth': m0019,
  '0020-api-token-console': m0020,
  '0021-account-low-balance': m0021,
  '0023-console-links-mail-totp': m0023,
  '0024-plan-open-order-limit': m0024,
  '0025-order-batch': m0025,
  '0026-order-batch-targets': m0026,
  '0027-fair-schedule': m0027,
  '0028-order-batch-imoveis': m0028,
  '0029-order-list-and-status': m0029,
  '0030-webhooks': m0030,
  '0031-fair-schedule-run-times': m0031,
  '0032-order-document-received-at': m0032,
  '0033-api-token-ambiente': m0033,
  '0034-monthly-statement': m0034,
  '0035-registry-fee': m0035,
  '0036-finance-role': m0036,
  '0037-origin-leadership-and-intents': m0037,
  '0038-origin-ownership-check': m0038,
  '0039-origin-ownership-finding-names': m0039,
  '0040-document-scrub': m0040,
  '0043-order-reference': m0043,
  '0044-console-test-mode': m0044,
  '0047-webhook-delivery-retention': m0047,
  '0048-watches': m0048,
  '0049-watch-runs-in-finance-and-metrics': m0049,
  '0050-console-user-watch-change-mail': m0050,
  '0051-watch-run-late': m0051,
  '0052-certificate-not-found': m0052,
};
