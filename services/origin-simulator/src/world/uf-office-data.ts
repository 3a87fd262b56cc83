import type { Uf } from '@regapi/br';

/**
 * How the 3,567 registry offices of contract 2.4 spread over the 27 UFs, shaped like the real map: many offices where there
 * are many municipalities and comarcas (SP, MG, PR, RS, BA), few in the North. Each UF lists its real larger cities with
 * their number of offices (the capital of São Paulo has 18); the remaining offices go to generated municipalities, one
 * office each.
 */
export interface UfOfficeData {
  readonly total: number;
  readonly cities: readonly (readonly [name: string, offices: number])[];
}

export const UF_OFFICE_DATA: Readonly<Record<Uf, UfOfficeData>> = {
  AC: {
    total: 14,
    cities: [
      ['Rio Branco', 2],
      ['Cruzeiro do Sul', 1],
      ['Sena Madureira', 1],
      ['Tarauacá', 1],
    ],
  },
  AL: {
    total: 60,
    cities: [
      ['Maceió', 4],
      ['Arapiraca', 2],
      ['Palmeira dos Índios', 1],
      ['Penedo', 1],
    ],
  },
  AM: {
    total: 62,
    cities: [
      ['Manaus', 6],
      ['Parintins', 1],
      ['Itacoatiara', 1],
      ['Eirunepé', 1],
      ['Tefé', 1],
    ],
  },
  AP: {
    total: 14,
    cities: [
      ['Macapá', 2],
      ['Santana', 1],
      ['Oiapoque', 1],
    ],
  },
  BA: {
    total: 250,
    cities: [
      ['Salvador', 7],
      ['Feira de Santana', 2],
      ['Vitória da Conquista', 2],
      ['Camaçari', 1],
      ['Ilhéus', 2],
      ['Itabuna', 2],
      ['Juazeiro', 1],
      ['Barreiras', 1],
    ],
  },
  CE: {
    total: 170,
    cities: [
      ['Fortaleza', 6],
      ['Caucaia', 1],
      ['Juazeiro do Norte', 2],
      ['Sobral', 2],
      ['Crato', 1],
      ['Maracanaú', 1],
    ],
  },
  DF: { total: 11, cities: [['Brasília', 11]] },
  ES: {
    total: 84,
    cities: [
      ['Vitória', 3],
      ['Vila Velha', 2],
      ['Serra', 2],
      ['Cariacica', 1],
      ['Cachoeiro de Itapemirim', 2],
      ['Linhares', 1],
    ],
  },
  GO: {
    total: 160,
    cities: [
      ['Goiânia', 4],
      ['Aparecida de Goiânia', 2],
      ['Anápolis', 2],
      ['Rio Verde', 1],
      ['Luziânia', 1],
      ['Catalão', 1],
    ],
  },
  MA: {
    total: 157,
    cities: [
      ['São Luís', 3],
      ['Imperatriz', 2],
      ['Caxias', 1],
      ['Timon', 1],
      ['Codó', 1],
      ['Bacabal', 1],
    ],
  },
  MG: {
    total: 400,
    cities: [
      ['Belo Horizonte', 7],
      ['Uberlândia', 3],
      ['Contagem', 2],
      ['Juiz de Fora', 3],
      ['Betim', 1],
      ['Montes Claros', 2],
      ['Ribeirão das Neves', 1],
      ['Uberaba', 2],
      ['Governador Valadares', 2],
      ['Ipatinga', 1],
      ['Divinópolis', 2],
      ['Poços de Caldas', 1],
    ],
  },
  MS: {
    total: 90,
    cities: [
      ['Campo Grande', 3],
      ['Dourados', 2],
      ['Três Lagoas', 1],
      ['Corumbá', 1],
      ['Ponta Porã', 1],
    ],
  },
  MT: {
    total: 120,
    cities: [
      ['Cuiabá', 3],
      ['Várzea Grande', 1],
      ['Rondonópolis', 2],
      ['Sinop', 1],
      ['Tangará da Serra', 1],
    ],
  },
  PA: {
    total: 130,
    cities: [
      ['Belém', 4],
      ['Ananindeua', 1],
      ['Santarém', 2],
      ['Marabá', 1],
      ['Castanhal', 1],
      ['Parauapebas', 1],
    ],
  },
  PB: {
    total: 100,
    cities: [
      ['João Pessoa', 3],
      ['Campina Grande', 2],
      ['Santa Rita', 1],
      ['Patos', 1],
      ['Bayeux', 1],
    ],
  },
  PE: {
    total: 160,
    cities: [
      ['Recife', 7],
      ['Jaboatão dos Guararapes', 2],
      ['Olinda', 2],
      ['Caruaru', 2],
      ['Petrolina', 1],
      ['Paulista', 1],
    ],
  },
  PI: {
    total: 120,
    cities: [
      ['Teresina', 4],
      ['Parnaíba', 1],
      ['Picos', 1],
      ['Piripiri', 1],
      ['Floriano', 1],
    ],
  },
  PR: {
    total: 260,
    cities: [
      ['Curitiba', 9],
      ['Londrina', 4],
      ['Maringá', 3],
      ['Ponta Grossa', 2],
      ['Cascavel', 2],
      ['São José dos Pinhais', 1],
      ['Foz do Iguaçu', 2],
      ['Colombo', 1],
      ['Guarapuava', 2],
    ],
  },
  RJ: {
    total: 140,
    cities: [
      ['Rio de Janeiro', 11],
      ['São Gonçalo', 2],
      ['Duque de Caxias', 2],
      ['Nova Iguaçu', 2],
      ['Niterói', 2],
      ['Campos dos Goytacazes', 2],
      ['Petrópolis', 2],
      ['Volta Redonda', 1],
    ],
  },
  RN: {
    total: 80,
    cities: [
      ['Natal', 3],
      ['Mossoró', 2],
      ['Parnamirim', 1],
      ['Caicó', 1],
    ],
  },
  RO: {
    total: 45,
    cities: [
      ['Porto Velho', 2],
      ['Ji-Paraná', 1],
      ['Ariquemes', 1],
      ['Vilhena', 1],
      ['Cacoal', 1],
    ],
  },
  RR: {
    total: 10,
    cities: [
      ['Boa Vista', 2],
      ['Rorainópolis', 1],
      ['Caracaraí', 1],
    ],
  },
  RS: {
    total: 250,
    cities: [
      ['Porto Alegre', 6],
      ['Caxias do Sul', 2],
      ['Canoas', 1],
      ['Pelotas', 2],
      ['Santa Maria', 2],
      ['Gravataí', 1],
      ['Novo Hamburgo', 1],
      ['Passo Fundo', 2],
      ['Rio Grande', 1],
    ],
  },
  SC: {
    total: 160,
    cities: [
      ['Florianópolis', 3],
      ['Joinville', 3],
      ['Blumenau', 3],
      ['São José', 1],
      ['Chapecó', 2],
      ['Itajaí', 2],
      ['Criciúma', 2],
      ['Lages', 1],
    ],
  },
  SE: {
    total: 50,
    cities: [
      ['Aracaju', 4],
      ['Nossa Senhora do Socorro', 1],
      ['Lagarto', 1],
      ['Itabaiana', 1],
    ],
  },
  SP: {
    total: 400,
    cities: [
      ['São Paulo', 18],
      ['Campinas', 4],
      ['Santos', 3],
      ['Ribeirão Preto', 2],
      ['São José dos Campos', 2],
      ['Sorocaba', 2],
      ['Guarulhos', 2],
      ['Santo André', 2],
      ['São Bernardo do Campo', 2],
      ['Jundiaí', 2],
      ['Piracicaba', 2],
      ['Bauru', 2],
      ['São José do Rio Preto', 2],
      ['Osasco', 1],
      ['Franca', 1],
      ['Marília', 2],
      ['Presidente Prudente', 2],
      ['Araraquara', 1],
      ['São Carlos', 1],
      ['Taubaté', 1],
      ['Mogi das Cruzes', 2],
      ['Limeira', 1],
      ['Americana', 1],
      ['Araçatuba', 2],
    ],
  },
  TO: {
    total: 70,
    cities: [
      ['Palmas', 2],
      ['Araguaína', 2],
      ['Gurupi', 1],
      ['Porto Nacional', 1],
    ],
  },
};

/** Offices outside their UF's main zone (tzdb zone.tab): western Amazonas is UTC-5; western Pará has its own zone. */
export const OFFICE_TIME_ZONES: Readonly<Record<string, string>> = {
  'AM/Eirunepé': 'America/Eirunepe',
  'PA/Santarém': 'America/Santarem',
};

/** Parts of generated municipality names, combined without repetition inside a UF. */
export const NAME_HEADS = [
  'São José',
  'Santa Rita',
  'Santo Antônio',
  'Nova',
  'Bom Jesus',
  'Porto',
  'Campo',
  'Serra',
  'Barra',
  'Monte',
  'Alto',
  'Vila',
  'Palmeira',
  'Lagoa',
  'Ribeirão',
  'Boa Vista',
  'Conceição',
  'São Pedro',
  'São João',
  'Santa Cruz',
  'São Miguel',
  'Cruzeiro',
  'Pedra',
  'Capela',
  'Jardim',
  'Riacho',
  'Brejo',
  'Santa Luzia',
  'São Sebastião',
  'Itapora',
] as const;

export const NAME_TAILS = [
  'do Sul',
  'do Norte',
  'da Serra',
  'dos Campos',
  'das Flores',
  'do Oeste',
  'Alegre',
  'Verde',
  'Grande',
  'Bonito',
  'Formoso',
  'Azul',
  'do Rio',
  'da Mata',
  'do Campo',
  'Branco',
  'Novo',
  'dos Pinhais',
  'das Palmeiras',
  'do Paraíso',
  'da Estrela',
  'do Leste',
  'Dourado',
  'das Pedras',
  'do Monte',
  'Velho',
  'Claro',
  'da Barra',
] as const;
