import {
  allowedNetworkMatcher,
  checkTokenRequest,
  connectionAddress,
  parseAllowedNetworks,
  parseNetwork,
} from '../src';

describe('parseNetwork', () => {
  it.each([
    ['203.0.113.7', '203.0.113.7/32'],
    ['203.0.113.0/24', '203.0.113.0/24'],
    ['0.0.0.0/0', '0.0.0.0/0'],
    ['2001:db8::1', '2001:db8::1/128'],
    ['2001:DB8:0:0::/64', '2001:db8::/64'],
    ['2001:db8:0:1:0:0:0:0/64', '2001:db8:0:1::/64'],
    ['::/0', '::/0'],
    ['::1', '::1/128'],
    ['64:ff9b::192.0.2.33', '64:ff9b::c000:221/128'],
  ])('%s → %s', (entry, network) => {
    expect(parseNetwork(entry)).toBe(network);
  });

  it.each([
    ['10.0.0.1/24', 'bits de host depois do prefixo: a rede é 10.0.0.0/24'],
    ['2001:db8::1/32', 'a rede é 2001:db8::/32'],
    ['10.0.0.0/33', 'de 0 a 32'],
    ['2001:db8::/129', 'de 0 a 128'],
    ['10.0.0.0/', 'prefixo depois da barra'],
    ['10.0.0.0/08', 'prefixo depois da barra'],
    ['300.1.1.1', 'não é um endereço'],
    ['exemplo.com.br', 'não é um endereço'],
    ['fe80::1%eth0', 'não é um endereço'],
    ['::ffff:203.0.113.7', 'escreva-o como IPv4'],
  ])('refuses %s', (entry, message) => {
    const problem = parseNetwork(entry);
    expect(typeof problem).toBe('object');
    expect(typeof problem === 'object' ? problem.message : '').toContain(message);
  });
});

describe('parseAllowedNetworks', () => {
  it('reads one per line (commas and spaces too), drops blanks and repeats; nothing typed is any address', () => {
    expect(parseAllowedNetworks('  \n\n ')).toEqual({ ok: true, networks: null });
    expect(parseAllowedNetworks('203.0.113.0/24\r\n\n2001:db8::/32, 198.51.100.9 203.0.113.0/24')).toEqual({
      ok: true,
      networks: ['203.0.113.0/24', '2001:db8::/32', '198.51.100.9/32'],
    });
  });

  it('names every bad line and refuses more than 32 networks', () => {
    const bad = parseAllowedNetworks('10.0.0.1/8\nxyz');
    expect(bad.ok ? [] : bad.problems.map((problem) => problem.entry)).toEqual(['10.0.0.1/8', 'xyz']);
    const many = Array.from({ length: 33 }, (_, index) => `10.0.${index}.0/24`).join('\n');
    const tooMany = parseAllowedNetworks(many);
    expect(tooMany.ok ? '' : tooMany.problems[0]?.message).toContain('No máximo 32 redes');
    expect(parseAllowedNetworks(many.split('\n').slice(0, 32).join('\n')).ok).toBe(true);
  });
});

describe('allowedNetworkMatcher', () => {
  const matches = allowedNetworkMatcher(['203.0.113.0/24', '2001:db8::/32', '127.0.0.1/32']);

  it.each([
    ['203.0.113.200', true],
    ['203.0.114.1', false],
    ['::ffff:203.0.113.9', true],
    ['::ffff:198.51.100.1', false],
    ['2001:db8:ffff::1', true],
    ['2001:db9::1', false],
    ['127.0.0.1', true],
    ['::1', false],
    ['', false],
    ['not an address', false],
  ])('%s → %s', (address, allowed) => {
    expect(matches(address)).toBe(allowed);
  });

  it('null allows any address', () => {
    expect(allowedNetworkMatcher(null)('198.51.100.1')).toBe(true);
  });

  it('normalizes the connection address', () => {
    expect(connectionAddress('::FFFF:10.1.2.3')).toBe('10.1.2.3');
    expect(connectionAddress('fe80::1%lo0')).toBe('fe80::1');
    expect(connectionAddress('2001:db8::1')).toBe('2001:db8::1');
  });
});

describe('checkTokenRequest', () => {
  const now = new Date('2026-11-26T15:00:00Z');
  const valid = { name: '  ERP  ', scopes: ['consultas:pesquisa-previa-bens'], expiry: '90d', networks: '' };

  it('accepts a named token with a product scope, a TTL and no allow-list', () => {
    expect(checkTokenRequest(valid, now)).toEqual({
      ok: true,
      request: {
        name: 'ERP',
        scopes: ['consultas:pesquisa-previa-bens'],
        ttlSeconds: 90 * 86_400,
        allowedNetworks: null,
        ambiente: 'producao',
      },
    });
  });

  it('a chosen last day lasts until 23:59:59 in Brasília', () => {
    const result = checkTokenRequest({ ...valid, expiry: '2026-12-31' }, now);
    const ttl = result.ok ? result.request.ttlSeconds : 0;
    expect(new Date(now.getTime() + ttl * 1000).toISOString()).toBe('2027-01-01T02:59:59.000Z');
  });

  it('names every problem, field by field, in pt-BR', () => {
    const result = checkTokenRequest(
      { name: 'x'.repeat(81), scopes: ['admin'], expiry: '2026-02-30', networks: '10.0.0.1/8' },
      now,
    );
    expect(result.ok ? [] : result.problems.map((problem) => problem.field)).toEqual([
      'name',
      'scopes',
      'expiry',
      'networks',
    ]);
    const empty = checkTokenRequest({ name: ' ', scopes: [], expiry: '', networks: '' }, now);
    expect(empty.ok ? [] : empty.problems.map((problem) => problem.message)).toEqual([
      'Dê um nome ao token (ex.: "Integração do ERP").',
      'Escolha ao menos um produto.',
      'Escolha uma validade.',
    ]);
  });

  it.each([
    ['2026-11-25', 'futura'],
    ['2027-12-31', 'máxima é de 366 dias'],
    ['367d', 'Escolha uma validade'],
  ])('refuses the expiry %s', (expiry, message) => {
    const result = checkTokenRequest({ ...valid, expiry }, now);
    expect(result.ok ? '' : result.problems[0]?.message).toContain(message);
  });
});
