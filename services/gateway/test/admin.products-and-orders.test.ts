import { randomUUID } from 'node:crypto';
import { debitOrder } from '@regapi/ledger';
import { allocateProtocolo } from '@regapi/orders';
import { acceptSeededOrder, sampleRequest } from '@regapi/testkit';
import { isProductEnabled } from '../src';
import { adminApi, newAccount, useTestGateway } from './support/test-gateway';

const { database, gateway } = useTestGateway();

const ask = adminApi(gateway);

describe('products (contract 7.5: out of service at once, back by a human)', () => {
  test('every product starts in service', async () => {
    for (const fonte of ['pesquisa-previa-bens', 'visualizacao-matricula', 'certidao-inteiro-teor'] as const) {
      expect(await isProductEnabled(database.db, fonte)).toBe(true);
    }
  });

  test('disable with a reason, disable again keeps the first time and reason, enable puts it back', async () => {
    const off = await ask('POST', '/admin/v1/products/certidao-inteiro-teor/disable', {
      reason: 'origem devolveu 603',
    });
    expect(off.status).toBe(200);
    expect(off.body.data[0]).toEqual(
      expect.objectContaining({ fonte: 'certidao-inteiro-teor', enabled: false, reason: 'origem devolveu 603' }),
    );
    expect(await isProductEnabled(database.db, 'certidao-inteiro-teor')).toBe(false);
    expect(await isProductEnabled(database.db, 'pesquisa-previa-bens')).toBe(true);

    const again = await ask('POST', '/admin/v1/products/certidao-inteiro-teor/disable', { reason: 'outra' });
    expect(again.body.data[0]).toEqual(off.body.data[0]);

    const on = await ask('POST', '/admin/v1/products/certidao-inteiro-teor/enable');
    expect(on.body.data[0]).toEqual(expect.objectContaining({ enabled: true, reason: null }));
    expect(await isProductEnabled(database.db, 'certidao-inteiro-teor')).toBe(true);
  });

  test('disable without a body records a default reason', async () => {
    const off = await ask('POST', '/admin/v1/products/pesquisa-previa-bens/disable');
    expect(off.body.data[0]).toEqual(expect.objectContaining({ enabled: false, reason: 'desativado pelo operador' }));
    await ask('POST', '/admin/v1/products/pesquisa-previa-bens/enable');
  });

  test('an unknown product or action → 404', async () => {
    expect((await ask('POST', '/admin/v1/products/consulta-de-tudo/disable')).status).toBe(404);
    expect((await ask('POST', '/admin/v1/products/pesquisa-previa-bens/pause')).status).toBe(404);
  });
});

describe('orders', () => {
  test('order show answers the ledger entries of the protocolo (the order row when there is one)', async () => {
    const accountId = await newAccount(gateway.adminUrl, 'Cliente', '100.00');
    const orderId = randomUUID();
    const protocolo = `${Date.now()}`;
    await database.db.transaction().execute((trx) =>
      debitOrder(trx, {
        accountId,
        orderId,
        protocolo,
        fonte: 'pesquisa-previa-bens',
        uf: 'SP',
        amountCentavos: 4250,
      }),
    );
    const answer = await ask('GET', `/admin/v1/orders/${protocolo}`);
    expect(answer.status).toBe(200);
    expect(answer.body.data[0]).toEqual({
      protocolo,
      // No order row: this test debits through the ledger alone.
      order: null,
      ledger_entries: [
        expect.objectContaining({
          kind: 'order_debit',
          order_id: orderId,
          amount: '-42.50',
          amount_centavos: -4250,
          balance_after: '57.50',
          fonte: 'pesquisa-previa-bens',
          uf: 'SP',
        }),
      ],
    });
  });

  test('an accepted order: its row and its debit, as one answer', async () => {
    const accountId = await newAccount(gateway.adminUrl, 'Cliente', '100.00');
    const orderId = randomUUID();
    const protocolo = await database.db.transaction().execute(async (trx) => {
      const allocated = await allocateProtocolo(trx);
      await debitOrder(trx, {
        accountId,
        orderId,
        protocolo: allocated,
        fonte: 'visualizacao-matricula',
        uf: 'MG',
        amountCentavos: 1999,
      });
      await acceptSeededOrder(trx, {
        id: orderId,
        protocolo: allocated,
        accountId,
        fonte: 'visualizacao-matricula',
        request: sampleRequest('visualizacao-matricula', 'MG'),
        imovelChave: 'MG:1:123',
        priceCentavos: 1999,
      });
      return allocated;
    });
    const answer = await ask('GET', `/admin/v1/orders/${protocolo}`);
    expect(answer.status).toBe(200);
    expect(answer.body.data[0]?.order).toEqual(
      expect.objectContaining({ order_id: orderId, protocolo, state: 'queued', price: '19.99', account_id: accountId }),
    );
    expect(answer.body.data[0]?.ledger_entries).toEqual([
      expect.objectContaining({ kind: 'order_debit', amount: '-19.99' }),
    ]);
  });

  test('an unknown or non-numeric protocolo → 404', async () => {
    expect((await ask('GET', '/admin/v1/orders/123456789')).status).toBe(404);
    expect((await ask('GET', '/admin/v1/orders/abc')).status).toBe(404);
  });
});
