import type { ListedOriginOrder } from '@regapi/bus';
import { useTestDatabase } from '@regapi/testkit';
import { recordListingFees } from '../src/record-views/listing-fees';

const database = useTestDatabase();

const listed = (
  numeroPedido: string,
  produto: ListedOriginOrder['produto'],
  situacao: ListedOriginOrder['situacao'],
  valorCentavos: number,
): ListedOriginOrder => ({
  numeroPedido,
  produto,
  criadoEm: '2026-11-03T02:30:00Z',
  situacao,
  cartorioCns: null,
  matricula: null,
  documento: null,
  valorCentavos,
});

test('a listing records the fee of each concluded origin order once, by product; one in progress waits', async () => {
  const orders = [
    listed('L-1', 'pesquisa-previa', 'concluido', 1_200),
    listed('L-2', 'visualizacao', 'concluido', 3_000),
    listed('L-3', 'visualizacao', 'em_andamento', 3_000),
  ];
  expect(await database.db.transaction().execute((trx) => recordListingFees(trx, orders))).toBe(2);
  // The same listing redelivered, then L-3 concluded: only L-3 is new.
  const later = [...orders.slice(0, 2), listed('L-3', 'visualizacao', 'concluido', 3_000)];
  expect(await database.db.transaction().execute((trx) => recordListingFees(trx, later))).toBe(1);
  const rows = await database.db
    .selectFrom('registry_fee')
    .select(['numero_pedido', 'fonte', 'fee_centavos', 'source', 'charged_at'])
    .orderBy('numero_pedido')
    .execute();
  expect(rows).toEqual([
    {
      numero_pedido: 'L-1',
      fonte: 'pesquisa-previa-bens',
      fee_centavos: 1_200,
      source: 'listing',
      charged_at: expect.any(Date),
    },
    {
      numero_pedido: 'L-2',
      fonte: 'visualizacao-matricula',
      fee_centavos: 3_000,
      source: 'listing',
      charged_at: expect.any(Date),
    },
    {
      numero_pedido: 'L-3',
      fonte: 'visualizacao-matricula',
      fee_centavos: 3_000,
      source: 'listing',
      charged_at: expect.any(Date),
    },
  ]);
  expect(rows[0]?.charged_at).toEqual(new Date('2026-11-03T02:30:00Z'));
});
