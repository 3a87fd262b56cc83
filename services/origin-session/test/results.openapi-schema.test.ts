import { OpenApiValidator } from '@regapi/contracts';
import type { CertificateIssued, PropertySearch, RecordView, SearchRow } from '@regapi/origin';
import {
  certificateInIssueData,
  certificateIssuedData,
  certificateUnavailableData,
} from '../src/results/certificate-result';
import { recordViewResultData } from '../src/results/record-view-result';
import { searchResultData } from '../src/results/search-result';

// The results this service writes are what GET /v1/consultas/{protocolo} serves: they must match docs/openapi.json.
const validator = new OpenApiValidator();

const office = {
  cns: '111111',
  nome: '2º Oficial de Registro de Imóveis de Campinas',
  numero: 2,
  municipio: 'Campinas',
  uf: 'SP',
} as const;
const link = { url: 'https://origem.example/pdf/1', expiresAt: '2026-11-28T18:00:00.000Z' };

const row: SearchRow = {
  matricula: null,
  cartorioCns: office.cns,
  cartorioNome: office.nome,
  cartorioNumero: office.numero,
  cartorioMunicipio: office.municipio,
  cartorioUf: office.uf,
  coletaIncompleta: false,
  semResposta: true,
};

const search: PropertySearch = {
  numeroPedido: 'PP-1',
  pesquisadoNome: null,
  pesquisadoDocumento: '123.456.789-09',
  ufPesquisada: 'SP',
  executadaEm: '2026-11-21T18:00:00.000Z',
  duracaoMs: 72_000,
  varreduraMs: 61_000,
  rows: [row, { ...row, matricula: '12345', semResposta: false }],
  coverage: {
    cartoriosTotal: 10,
    cartoriosResponderam: 9,
    cartoriosForaDoAr: 1,
    cartoriosColetaIncompleta: 0,
    linhas: 2,
    retriesPendentes: true,
    retriesRealizados: 3,
  },
  receiptUrl: 'https://origem.example/recibo/1',
};

test.each([
  ['with findings', search],
  ['closed with no finding', { ...search, rows: [], coverage: { ...search.coverage, retriesPendentes: false } }],
])('a preliminary search %s matches ResultadoPesquisaPreviaBens', (_name, value) => {
  expect(validator.errorsOf('ResultadoPesquisaPreviaBens', searchResultData(value))).toEqual([]);
});

test('a record view matches ResultadoVisualizacaoMatricula', () => {
  const view: RecordView = {
    numeroPedido: 'P-1',
    matricula: '123',
    matriculaSolicitada: '000123',
    cartorio: office,
    document: link,
    valorCentavos: 2500,
    entregueEm: '2026-11-21T18:00:00.000Z',
  };
  expect(validator.errorsOf('ResultadoVisualizacaoMatricula', recordViewResultData(view, 3700))).toEqual([]);
});

test('a certificate in issue, issued and unavailable each match ResultadoCertidaoInteiroTeor', () => {
  const issued: CertificateIssued = {
    numeroPedido: 'P-2',
    matricula: '123',
    cartorio: office,
    document: link,
    codigoValidacao: 'ABC-123',
    emitidaEm: '2026-11-23T15:00:00.000Z',
    valorCentavos: 8761,
  };
  const inIssue = certificateInIssueData(
    'P-2',
    new Date('2026-11-23T15:00:00.000Z'),
    'America/Sao_Paulo',
    'registry-business-hours',
  );
  for (const data of [
    inIssue,
    certificateIssuedData(issued, inIssue.previsao_entrega_em),
    certificateUnavailableData('sem protocolo'),
  ]) {
    expect(validator.errorsOf('ResultadoCertidaoInteiroTeor', data)).toEqual([]);
  }
  // A poll while it is in issue: the queue fields, its fonte and these fields (gateway's runningAnswer).
  const queue = { protocolo: '1', estado: 'processando', consultar_em: '/v1/consultas/1', consultar_daqui_s: 60 };
  const polled = { ...queue, fonte: 'certidao-inteiro-teor', ...inIssue };
  expect(validator.errorsOf('ConsultaEmAndamento', polled)).toEqual([]);
});
