import { asciiUpperCase } from './parse-result';
/** The 27 federative units: 26 states and the Federal District, by their official two-letter code. */
export const UFS = [
  'AC',
  'AL',
  'AM',
  'AP',
  'BA',
  'CE',
  'DF',
  'ES',
  'GO',
  'MA',
  'MG',
  'MS',
  'MT',
  'PA',
  'PB',
  'PE',
  'PI',
  'PR',
  'RJ',
  'RN',
  'RO',
  'RR',
  'RS',
  'SC',
  'SE',
  'SP',
  'TO',
] as const;

export type Uf = (typeof UFS)[number];

export interface UfInfo {
  readonly uf: Uf;
  readonly nome: string;
  readonly capital: string;
  /**
   * IANA zone of the capital. Registry business hours run in the office's local time (architecture.md, domain facts);
   * this is the zone to use when only the UF of the office is known.
   */
  readonly timeZone: string;
  /**
   * Other IANA zones inside the state, from tzdb's zone.tab: western Amazonas is UTC-5 (America/Eirunepe), Fernando
   * de Noronha in Pernambuco is UTC-2, western Pará has its own zone at the same offset. An office there needs its
   * own zone, which only an office-level catalog can tell.
   */
  readonly otherTimeZones: readonly string[];
}

function info(uf: Uf, nome: string, capital: string, timeZone: string, otherTimeZones: readonly string[] = []): UfInfo {
  return Object.freeze({ uf, nome, capital, timeZone, otherTimeZones: Object.freeze([...otherTimeZones]) });
}

/** Zones checked against tzdb's zone.tab (the `BR` lines name the states each zone covers). */
export const UF_INFO: Readonly<Record<Uf, UfInfo>> = Object.freeze({
  AC: info('AC', 'Acre', 'Rio Branco', 'America/Rio_Branco'),
  AL: info('AL', 'Alagoas', 'Maceió', 'America/Maceio'),
  AM: info('AM', 'Amazonas', 'Manaus', 'America/Manaus', ['America/Eirunepe']),
  AP: info('AP', 'Amapá', 'Macapá', 'America/Belem'),
  BA: info('BA', 'Bahia', 'Salvador', 'America/Bahia'),
  CE: info('CE', 'Ceará', 'Fortaleza', 'America/Fortaleza'),
  DF: info('DF', 'Distrito Federal', 'Brasília', 'America/Sao_Paulo'),
  ES: info('ES', 'Espírito Santo', 'Vitória', 'America/Sao_Paulo'),
  GO: info('GO', 'Goiás', 'Goiânia', 'America/Sao_Paulo'),
  MA: info('MA', 'Maranhão', 'São Luís', 'America/Fortaleza'),
  MG: info('MG', 'Minas Gerais', 'Belo Horizonte', 'America/Sao_Paulo'),
  MS: info('MS', 'Mato Grosso do Sul', 'Campo Grande', 'America/Campo_Grande'),
  MT: info('MT', 'Mato Grosso', 'Cuiabá', 'America/Cuiaba'),
  PA: info('PA', 'Pará', 'Belém', 'America/Belem', ['America/Santarem']),
  PB: info('PB', 'Paraíba', 'João Pessoa', 'America/Fortaleza'),
  PE: info('PE', 'Pernambuco', 'Recife', 'America/Recife', ['America/Noronha']),
  PI: info('PI', 'Piauí', 'Teresina', 'America/Fortaleza'),
  PR: info('PR', 'Paraná', 'Curitiba', 'America/Sao_Paulo'),
  RJ: info('RJ', 'Rio de Janeiro', 'Rio de Janeiro', 'America/Sao_Paulo'),
  RN: info('RN', 'Rio Grande do Norte', 'Natal', 'America/Fortaleza'),
  RO: info('RO', 'Rondônia', 'Porto Velho', 'America/Porto_Velho'),
  RR: info('RR', 'Roraima', 'Boa Vista', 'America/Boa_Vista'),
  RS: info('RS', 'Rio Grande do Sul', 'Porto Alegre', 'America/Sao_Paulo'),
  SC: info('SC', 'Santa Catarina', 'Florianópolis', 'America/Sao_Paulo'),
  SE: info('SE', 'Sergipe', 'Aracaju', 'America/Maceio'),
  SP: info('SP', 'São Paulo', 'São Paulo', 'America/Sao_Paulo'),
  TO: info('TO', 'Tocantins', 'Palmas', 'America/Araguaina'),
});

const UF_SET: ReadonlySet<string> = new Set(UFS);

/** Exactly one of the 27 codes, uppercase, nothing around it. */
export function isUf(value: unknown): value is Uf {
  return typeof value === 'string' && UF_SET.has(value);
}

/** A UF typed by a person: outer whitespace ignored, either case (`" sp"` is SP). Undefined when it is not one. */
export function parseUf(input: string): Uf | undefined {
  const candidate = asciiUpperCase(input.trim());
  return isUf(candidate) ? candidate : undefined;
}

export function ufName(uf: Uf): string {
  return UF_INFO[uf].nome;
}

export function ufTimeZone(uf: Uf): string {
  return UF_INFO[uf].timeZone;
}
