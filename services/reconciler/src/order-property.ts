import { isUf, type Uf, ufTimeZone } from '@regapi/br';
import { type CatalogOffice, findOffice } from '@regapi/catalog';
import type { Database } from '@regapi/db';
import type { Order } from '@regapi/orders';
import type { Kysely, Transaction } from 'kysely';

/** The property a record view or certificate was ordered for (contract 2.3), as the gateway stored it in `request`. */
export interface OrderProperty {
  readonly matricula: string;
  readonly cartorioNumero: number;
  readonly cartorioMunicipio: string;
  readonly cartorioUf: Uf;
}

/** The property of a record view or certificate, from its decoded request; undefined for a search. */
export function orderProperty(order: Pick<Order, 'request'>): OrderProperty | undefined {
  const request = order.request;
  if (request === undefined || request.fonte === 'pesquisa-previa-bens') return undefined;
  return {
    matricula: request.body.imovel_matricula,
    cartorioNumero: request.body.imovel_cartorio,
    cartorioMunicipio: request.body.imovel_municipio,
    cartorioUf: request.body.imovel_uf,
  };
}

type Db = Kysely<Database> | Transaction<Database>;

/** The office of the order in the catalog (its CNS, its time zone), when the catalog knows it. */
export async function orderOffice(db: Db, property: OrderProperty): Promise<CatalogOffice | undefined> {
  return findOffice(db, {
    uf: property.cartorioUf,
    municipio: property.cartorioMunicipio,
    numero: property.cartorioNumero,
  });
}

/**
 * The OFFICE's time zone (registry business hours are local: contract 8): the catalog's, which knows the offices in
 * another zone than their UF's (Eirunepé, Santarém); else the UF's; else the order's UF column.
 */
export async function orderTimeZone(db: Db, order: Pick<Order, 'request' | 'uf'>): Promise<string> {
  const property = orderProperty(order);
  if (property !== undefined) {
    const office = await orderOffice(db, property);
    return office?.timeZone ?? ufTimeZone(property.cartorioUf);
  }
  return isUf(order.uf) ? ufTimeZone(order.uf) : 'America/Sao_Paulo';
}
