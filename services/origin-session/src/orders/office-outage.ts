import { findOffice, markOfficeUnavailable } from '@regapi/catalog';
import type { Database } from '@regapi/db';
import type { Order } from '@regapi/orders';
import type { Transaction } from 'kysely';
import { bringCatalogSyncForward } from '../tasks/sync-catalog';
import type { TaskContext } from '../tasks/task-context';
import type { OrderInput } from './order-request';

/** Appended to the 602's message of an order whose office the origin said is out of service (issue 12). */
export const OFFICE_OUT_NOTE =
  'O cartório está fora do ar na origem; o produto segue disponível nos demais cartórios. Novos pedidos para este cartório são recusados sem cobrança até a origem mostrá-lo de volta.';

/** Appended to the 602 of an order refused before calling the origin because its office is marked out of service. */
export const OFFICE_MARKED_NOTE = 'Cartório fora de serviço na origem: a origem não foi chamada.';

/**
 * Issue 12 (docs/decisions/0047): the origin said the order's OFFICE is out of service, not the product. In the
 * transaction that ends the order, the office is marked unavailable in the local catalog (quotes and executions then
 * refuse it, 602 free, without calling the origin) and the next catalog sync is brought forward to at most
 * `officeRecheckMs` from now: the office comes back when the origin's catalog shows it in service again.
 */
export async function markOfficeOutOfService(
  ctx: TaskContext,
  trx: Transaction<Database>,
  order: Order,
  input: OrderInput,
  at: Date,
): Promise<void> {
  if (input.fonte === 'pesquisa-previa-bens') return; // a search addresses a UF, never one office
  const { property } = input;
  const mark = await markOfficeUnavailable(trx, {
    uf: property.cartorioUf,
    municipio: property.cartorioMunicipio,
    numero: property.cartorioNumero,
  });
  const recheckAt = new Date(at.getTime() + ctx.settings.officeRecheckMs);
  if (mark?.changed) await bringCatalogSyncForward(trx, recheckAt);
  ctx.logger.warn(
    {
      event: 'office_out_of_service',
      fonte: order.fonte,
      protocolo: order.protocolo,
      order_id: order.id,
      cns: mark?.office.cns ?? null,
      changed: mark?.changed ?? false,
      catalog_sync_by: mark?.changed ? recheckAt.toISOString() : null,
    },
    'the origin says this office is out of service: marked unavailable in the catalog until a sync shows it back',
  );
}

/**
 * Whether the local catalog has the order's office out of service (marked by an earlier order, or so listed by the
 * origin) — an order accepted before the mark then ends 602 without calling the origin, like a product out of
 * service. An office the catalog does not know is left to the origin to answer.
 */
export async function officeMarkedOut(ctx: TaskContext, input: OrderInput): Promise<boolean> {
  if (input.fonte === 'pesquisa-previa-bens') return false;
  const { property } = input;
  const office = await findOffice(ctx.db, {
    uf: property.cartorioUf,
    municipio: property.cartorioMunicipio,
    numero: property.cartorioNumero,
  });
  return office !== undefined && !office.disponivel;
}
