import { isUf, parseUf, UF_INFO, UFS, ufName, ufTimeZone } from '@regapi/br';

function utcOffsetHours(timeZone: string, at: Date): number {
  const name = new Intl.DateTimeFormat('en', { timeZone, timeZoneName: 'shortOffset' })
    .formatToParts(at)
    .find((part) => part.type === 'timeZoneName')?.value;
  const match = /^GMT([+-]\d+)?$/.exec(name ?? '');
  if (match === null) throw new Error(`unexpected offset name ${name} for ${timeZone}`);
  return Number(match[1] ?? 0);
}

test('there are exactly 27 UFs: 26 states and the Federal District, no duplicates', () => {
  expect(UFS).toHaveLength(27);
  expect(new Set(UFS).size).toBe(27);
  expect(UFS).toContain('DF');
  expect(Object.keys(UF_INFO).sort()).toEqual([...UFS].sort());
  for (const uf of UFS) expect(UF_INFO[uf].uf).toBe(uf);
});

test.each([
  ['AC', 'America/Rio_Branco'],
  ['AL', 'America/Maceio'],
  ['AM', 'America/Manaus'],
  ['AP', 'America/Belem'],
  ['BA', 'America/Bahia'],
  ['CE', 'America/Fortaleza'],
  ['DF', 'America/Sao_Paulo'],
  ['ES', 'America/Sao_Paulo'],
  ['GO', 'America/Sao_Paulo'],
  ['MA', 'America/Fortaleza'],
  ['MG', 'America/Sao_Paulo'],
  ['MS', 'America/Campo_Grande'],
  ['MT', 'America/Cuiaba'],
  ['PA', 'America/Belem'],
  ['PB', 'America/Fortaleza'],
  ['PE', 'America/Recife'],
  ['PI', 'America/Fortaleza'],
  ['PR', 'America/Sao_Paulo'],
  ['RJ', 'America/Sao_Paulo'],
  ['RN', 'America/Fortaleza'],
  ['RO', 'America/Porto_Velho'],
  ['RR', 'America/Boa_Vista'],
  ['RS', 'America/Sao_Paulo'],
  ['SC', 'America/Sao_Paulo'],
  ['SE', 'America/Maceio'],
  ['SP', 'America/Sao_Paulo'],
  ['TO', 'America/Araguaina'],
] as const)('%s registry offices keep the time of %s (tzdb zone.tab)', (uf, zone) => {
  expect(ufTimeZone(uf)).toBe(zone);
});

test('every zone is known to the runtime and lies between UTC-5 and UTC-2', () => {
  const at = new Date('2026-07-01T12:00:00Z');
  const offsets = new Set<number>();
  for (const uf of UFS) {
    for (const zone of [UF_INFO[uf].timeZone, ...UF_INFO[uf].otherTimeZones]) {
      const offset = utcOffsetHours(zone, at);
      expect(offset).toBeGreaterThanOrEqual(-5);
      expect(offset).toBeLessThanOrEqual(-2);
      offsets.add(offset);
    }
  }
  expect([...offsets].sort()).toEqual([-2, -3, -4, -5]);
  expect(utcOffsetHours(ufTimeZone('AC'), at)).toBe(-5);
  expect(utcOffsetHours(ufTimeZone('AM'), at)).toBe(-4);
  expect(utcOffsetHours(ufTimeZone('SP'), at)).toBe(-3);
});

test('names are the official ones', () => {
  expect(ufName('SP')).toBe('São Paulo');
  expect(ufName('DF')).toBe('Distrito Federal');
  expect(UF_INFO.TO.capital).toBe('Palmas');
});

test('isUf takes exactly one uppercase code; parseUf also takes lowercase and outer whitespace', () => {
  expect(isUf('SP')).toBe(true);
  for (const value of ['sp', ' SP', 'SP,RJ', 'XX', '', 'BR', 42, null, ['SP']]) expect(isUf(value)).toBe(false);
  expect(parseUf('sp')).toBe('SP');
  expect(parseUf(' Rj ')).toBe('RJ');
  for (const value of ['SP,RJ', 'SP RJ', 'S P', 'XX', '', 'São Paulo']) expect(parseUf(value)).toBeUndefined();
});

test('only ASCII letters are upper-cased: a look-alike letter is not a UF', () => {
  expect(parseUf(' sp ')).toBe('SP');
  // `'ſ'.toUpperCase()` is "S" and `'ı'.toUpperCase()` is "I": neither may turn into a UF.
  expect(parseUf('ſp')).toBeUndefined();
  expect(parseUf('pı')).toBeUndefined();
});
