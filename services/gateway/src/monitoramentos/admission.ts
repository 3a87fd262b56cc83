import type { FieldError } from '@regapi/contracts';
import type { Db } from '@regapi/ledger';
import type { PlannedWatch } from '@regapi/orders';

/** Whether the idle capacity can honour a new watch's frequency (docs/decisions/0152, Admission control). */
export type Admission =
  | { readonly admitted: true }
  | { readonly admitted: false; readonly errors: readonly FieldError[] };

/**
 * THE seam of admission control, called once per creation before the watch is written (docs/decisions/0160). The
 * capacity forecast and its pure rule (libs/orders/src/watch-admission.ts) land separately; until they are wired here,
 * every watch is admitted. A refusal is answered 422 naming `frequencia` with the most frequent schedule that fits.
 */
export async function admitWatch(_db: Db, _watch: PlannedWatch): Promise<Admission> {
  return { admitted: true };
}
