import { randomUUID } from 'node:crypto';
import { type Fonte, SANDBOX_EXAMPLES, validateRequest } from '@regapi/contracts';
import type { Database } from '@regapi/db';
import { acceptOrder, allocateProtocolo, type Order } from '@regapi/orders';
import type { Kysely, Transaction } from 'kysely';

/** An order as a test needs it; everything not given is a plausible default. */
export interface OrderSeed {
  readonly fonte: Fonte;
  /** The client's body: validated by the product's request schema (a `{}` is refused). Default: `sampleRequest`. */
  readonly request?: unknown;
  /** Default: a fresh id (no account row is needed by the orders table). */
  readonly accountId?: string;
  readonly tokenId?: string | null;
  /** Default: the request's UF. */
  readonly uf?: string;
  readonly imovelChave?: string | null;
  /** Default 5,000. */
  readonly priceCentavos?: number;
  /** Default `{ emolumentos: priceCentavos }`. */
  readonly quote?: unknown;
  /** Default `{ code: 202 }`. */
  readonly aceite?: unknown;
  readonly acceptedAt?: Date;
  /** Default: the next from `allocateProtocolo` in the same transaction. */
  readonly protocolo?: string;
  readonly id?: string;
  /** The client's own reference (the body's `referencia`); default none. */
  readonly referencia?: string;
}

/**
 * A valid request body of `fonte` (the contract's sandbox example, one the request schema accepts), in `uf` when
 * given: `uf` for a search, `imovel_uf` for a property product.
 */
export function sampleRequest(fonte: Fonte, uf?: string): Record<string, unknown> {
  const [example] = Object.values(SANDBOX_EXAMPLES[fonte]);
  if (example === undefined) throw new Error(`the contract has no example request of ${fonte}`);
  if (uf === undefined) return { ...example.value };
  return { ...example.value, [fonte === 'pesquisa-previa-bens' ? 'uf' : 'imovel_uf']: uf };
}

/**
 * Accepts an order inside `trx` the way the gateway's acceptance writes it (decision 0118): the one way tests seed an
 * order. Its request is validated first, so a test cannot store a body the API would have refused.
 */
export async function acceptSeededOrder(trx: Transaction<Database>, seed: OrderSeed): Promise<Order> {
  const validated = validateRequest(seed.fonte, seed.request ?? sampleRequest(seed.fonte, seed.uf));
  if (!validated.ok) throw new Error(`invalid seeded ${seed.fonte} request: ${JSON.stringify(validated.errors)}`);
  const request = validated.value;
  const priceCentavos = seed.priceCentavos ?? 5_000;
  return acceptOrder(trx, {
    id: seed.id ?? randomUUID(),
    protocolo: seed.protocolo ?? (await allocateProtocolo(trx)),
    accountId: seed.accountId ?? randomUUID(),
    tokenId: seed.tokenId ?? null,
    fonte: seed.fonte,
    request,
    imovelChave: seed.imovelChave ?? null,
    uf: seed.uf ?? ('uf' in request ? request.uf : request.imovel_uf),
    priceCentavos,
    quote: seed.quote ?? { emolumentos: priceCentavos },
    aceite: seed.aceite ?? { code: 202 },
    requestId: randomUUID(),
    ...(seed.referencia === undefined ? {} : { referencia: seed.referencia }),
    ...(seed.acceptedAt === undefined ? {} : { acceptedAt: seed.acceptedAt }),
  });
}

/** `acceptSeededOrder` in a transaction of its own. */
export function seedOrder(db: Kysely<Database>, seed: OrderSeed): Promise<Order> {
  return db.transaction().execute((trx) => acceptSeededOrder(trx, seed));
}
