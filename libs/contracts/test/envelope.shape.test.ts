import { API_VERSION, centavosToReais, envelope, RESERVED_DATA_KEYS, ReservedDataKeyError } from '@regapi/contracts';
import fc from 'fast-check';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** What a client receives: the envelope after JSON serialization. */
function onTheWire(value: unknown): unknown {
  return JSON.parse(JSON.stringify(value));
}

test('api_version is v1 on every envelope (contract 9.1)', () => {
  expect(API_VERSION).toBe('v1');
  expect(envelope({ code: 200, codeMessage: 'ok' }).header.api_version).toBe('v1');
  expect(envelope({ code: 422, codeMessage: 'inválido', errors: [] }).header.api_version).toBe('v1');
});

test('request_id is a UUID on every envelope, a fresh one when none is given', () => {
  const first = envelope({ code: 200, codeMessage: 'ok' });
  const second = envelope({ code: 200, codeMessage: 'ok' });
  expect(first.header.request_id).toMatch(UUID);
  expect(second.header.request_id).toMatch(UUID);
  expect(first.header.request_id).not.toBe(second.header.request_id);
  const given = '3f0c1d52-8a4e-4b7e-9c61-2f1a6b9d0e47';
  expect(envelope({ code: 200, codeMessage: 'ok', requestId: given }).header.request_id).toBe(given);
});

test('a request_id that is not a UUID is a programming error', () => {
  expect(() => envelope({ code: 200, codeMessage: 'ok', requestId: 'req-1' })).toThrow(RangeError);
});

test('data is always a list and data_count is its length', () => {
  const none = envelope({ code: 404, codeMessage: 'não encontrado' });
  expect(none.data).toEqual([]);
  expect(none.data_count).toBe(0);
  const one = envelope({ code: 200, codeMessage: 'ok', data: [{ protocolo: '123' }] });
  expect(one.data).toEqual([{ protocolo: '123' }]);
  expect(one.data_count).toBe(1);
  fc.assert(
    fc.property(
      fc.array(
        fc.dictionary(
          fc.string().map((key) => `k_${key}`),
          fc.jsonValue(),
        ),
      ),
      (items) => {
        const built = envelope({ code: 200, codeMessage: 'ok', data: items });
        expect(Array.isArray(built.data)).toBe(true);
        expect(built.data_count).toBe(items.length);
      },
    ),
  );
});

test('every envelope carries all the fields of contract 2.1, errors and site_receipts as lists', () => {
  const built = onTheWire(envelope({ code: 200, codeMessage: 'ok' }));
  expect(built).toEqual({
    code: 200,
    code_message: 'ok',
    header: { billable: false, price: 0, api_version: 'v1', request_id: expect.stringMatching(UUID) },
    data_count: 0,
    data: [],
    site_receipts: [],
    errors: [],
  });
});

test('nulls the origin did not report pass through untouched, never 0 or "" (contract 2.1)', () => {
  const item = {
    documento_url: null,
    identificadores: { numero_pedido: null, matricula: '000123' },
    dados: { conteudo: null, total_pago: null, uf: null },
    imoveis: [{ matricula: null, cartorio_nome: 'Oficial de Registro de Imóveis' }],
    quantidade: 0,
    texto: '',
  };
  const wire = onTheWire(envelope({ code: 200, codeMessage: 'ok', data: [item] })) as { data: unknown[] };
  expect(wire.data[0]).toEqual(item);
  fc.assert(
    fc.property(
      fc.array(
        fc.dictionary(
          fc.string().map((key) => `k_${key}`),
          fc.jsonValue(),
        ),
      ),
      (items) => {
        expect((onTheWire(envelope({ code: 200, codeMessage: 'ok', data: items })) as { data: unknown }).data).toEqual(
          onTheWire(items),
        );
      },
    ),
  );
});

describe('price', () => {
  test('integer centavos become reais with two decimals', () => {
    expect(centavosToReais(0)).toBe(0);
    expect(centavosToReais(1)).toBe(0.01);
    expect(centavosToReais(12345)).toBe(123.45);
    expect(centavosToReais(1005)).toBe(10.05);
    expect(JSON.stringify(centavosToReais(12340))).toBe('123.4');
    expect(envelope({ code: 202, codeMessage: 'aceito', priceCentavos: 4290 }).header.price).toBe(42.9);
  });

  test('the JSON number printed is exactly the decimal of the centavos, for every amount', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 10_000_000_000_00 }), (centavos) => {
        const decimal = `${Math.trunc(centavos / 100)}.${String(centavos % 100).padStart(2, '0')}`;
        const expected = decimal.replace(/0+$/, '').replace(/\.$/, '');
        expect(JSON.stringify(centavosToReais(centavos))).toBe(expected);
      }),
    );
  });

  test('a fraction of a centavo or a negative amount is a programming error', () => {
    expect(() => centavosToReais(1.5)).toThrow(RangeError);
    expect(() => centavosToReais(Number.NaN)).toThrow(RangeError);
    expect(() => centavosToReais(-1)).toThrow(RangeError);
  });

  test('billable follows the price unless told: a billed call that failed says so with its amount', () => {
    expect(envelope({ code: 200, codeMessage: 'ok' }).header).toMatchObject({ billable: false, price: 0 });
    expect(envelope({ code: 202, codeMessage: 'aceito', priceCentavos: 100 }).header).toMatchObject({
      billable: true,
      price: 1,
    });
    expect(envelope({ code: 612, codeMessage: 'nada', priceCentavos: 990, billable: true }).header).toMatchObject({
      billable: true,
      price: 9.9,
    });
  });
});

describe('reserved keys', () => {
  test.each(RESERVED_DATA_KEYS)('a data item with the envelope name %s is refused', (key) => {
    expect(() => envelope({ code: 200, codeMessage: 'ok', data: [{ ok: 1 }, { [key]: 1 }] })).toThrow(
      ReservedDataKeyError,
    );
    // The matcher inside toThrow: a call that does not throw fails the test (an assertion in a catch would pass it).
    expect(() => envelope({ code: 200, codeMessage: 'ok', data: [{ [key]: null }] })).toThrow(
      expect.objectContaining({ name: ReservedDataKeyError.name, key }),
    );
  });

  test('the reserved names are code, header and errors', () => {
    expect([...RESERVED_DATA_KEYS].sort()).toEqual(['code', 'errors', 'header']);
  });

  test('a nested envelope inside a data item is allowed (the acceptance of a finished query, contract 2.1)', () => {
    const aceite = envelope({ code: 202, codeMessage: 'aceito', priceCentavos: 4290, data: [{ protocolo: '1' }] });
    const finished = envelope({ code: 200, codeMessage: 'ok', data: [{ status_consulta: 'SUCESSO', aceite }] });
    expect(finished.data[0]?.aceite).toBe(aceite);
  });
});
