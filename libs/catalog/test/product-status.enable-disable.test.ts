import { useTestDatabase } from '@regapi/testkit';
import { getProductStatus, isProductEnabled, setProductEnabled } from '../src';

const database = useTestDatabase();

test('products start in service; taking one out changes it once, with its reason; putting it back works', async () => {
  expect(await isProductEnabled(database.db, 'visualizacao-matricula')).toBe(true);
  const at = new Date('2026-03-11T13:00:00Z');
  expect(await setProductEnabled(database.db, 'visualizacao-matricula', false, 'origin answered 602', at)).toEqual({
    fonte: 'visualizacao-matricula',
    enabled: false,
    reason: 'origin answered 602',
    changedAt: at,
    changed: true,
  });
  // Already out: the first change's time and reason stay (when the outage began).
  const again = await setProductEnabled(database.db, 'visualizacao-matricula', false, 'again', new Date());
  expect(again).toMatchObject({ changed: false, reason: 'origin answered 602', changedAt: at });
  expect(await isProductEnabled(database.db, 'visualizacao-matricula')).toBe(false);
  expect(await isProductEnabled(database.db, 'certidao-inteiro-teor')).toBe(true);
  expect(await getProductStatus(database.db, 'visualizacao-matricula')).toEqual({
    fonte: 'visualizacao-matricula',
    enabled: false,
    reason: 'origin answered 602',
    changedAt: at,
  });
  expect(await setProductEnabled(database.db, 'visualizacao-matricula', true, null)).toMatchObject({
    enabled: true,
    reason: null,
    changed: true,
  });
  expect(await isProductEnabled(database.db, 'visualizacao-matricula')).toBe(true);
});
