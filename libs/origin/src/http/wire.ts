import type { Uf } from '@regapi/br';

/**
 * The portal protocol: the JSON the origin (here, the simulator) speaks, in its own Portuguese names. The driver
 * validates every answer against the schemas in `wire-schemas.ts` and maps it to the port's types; the simulator
 * builds its answers from these same types, so the two cannot drift silently. Fields the driver does not know are
 * ignored (contract 9.2): the origin may add fields at any time.
 *
 * Money travels as the portal shows it: reais with a decimal comma (`"1.234,56"`); the driver turns it into integer
 * centavos (architecture rule 3).
 */

export const SESSION_COOKIE = 'SAEC_SESSAO';

export const ORIGIN_PATHS = Object.freeze({
  session: '/api/sessao',
  offices: '/api/cartorios',
  tariffs: '/api/emolumentos',
  searches: '/api/pesquisas-previas',
  recordViews: '/api/visualizacoes',
  certificates: '/api/certidoes',
  orders: '/api/pedidos',
  files: '/arquivos',
});

/** What the portal writes in a search row instead of a record number it does not have (contract 2.4). */
export const MATRICULA_NAO_INFORMADA = 'NAO INFORMADA';

/** Every error answer: a machine code in `erro` plus details depending on it. */
export interface WireError {
  erro: string;
  mensagem?: string;
  tentar_apos_s?: number;
  aceita_a_partir_de?: string;
  numero_pedido?: string | null;
  /** `CARTORIO_FORA_DO_AR`: the national code (CNS) of the office that is out of service. */
  cns?: string | null;
}

/** The portal's error codes (`erro`), one per thing it can say. */
export const WIRE_ERRORS = Object.freeze({
  credentialsRefused: 'CREDENCIAIS_INVALIDAS',
  sessionExpired: 'SESSAO_EXPIRADA',
  sessionMissing: 'SESSAO_INEXISTENTE',
  sessionBusy: 'SESSAO_OCUPADA',
  blocked: 'ACESSO_BLOQUEADO',
  captcha: 'DESAFIO_CAPTCHA',
  tooManyAttempts: 'EXCESSO_TENTATIVAS',
  overloaded: 'SOBRECARGA',
  /** The SERVICE itself (the product) is unavailable at the origin, whatever the office. */
  serviceUnavailable: 'SERVICO_INDISPONIVEL',
  /** ONE office is out of service; the product and every other office are not (an order at that office only). */
  officeUnavailable: 'CARTORIO_FORA_DO_AR',
  serviceInvalid: 'SERVICO_INVALIDO',
  timeout: 'TEMPO_ESGOTADO',
  dataRefused: 'DADOS_RECUSADOS',
  dataChanged: 'DADOS_ALTERADOS',
  cannotIssueOnline: 'EMISSAO_INDISPONIVEL_INTERNET',
  recordNotFound: 'MATRICULA_NAO_ENCONTRADA',
  repeatedOrder: 'PEDIDO_REPETIDO',
  receiptError: 'ERRO_COMPROVANTE',
  orderNotFound: 'PEDIDO_NAO_ENCONTRADO',
  linkExpired: 'LINK_EXPIRADO',
  fileNotFound: 'ARQUIVO_NAO_ENCONTRADO',
});

export type WireErrorCode = (typeof WIRE_ERRORS)[keyof typeof WIRE_ERRORS];

export interface WireLoginRequest {
  usuario: string;
  senha: string;
}

export interface WireLoginResponse {
  situacao: 'AUTENTICADO';
  expira_em: string | null;
}

export interface WireOffice {
  cns: string;
  numero: number;
  nome: string;
  municipio: string;
  uf: Uf;
  fuso_horario: string;
  situacao: 'ATIVO' | 'FORA_DO_AR';
}

export interface WireCatalog {
  gerado_em: string;
  total: number;
  cartorios: WireOffice[];
}

export interface WireTariffs {
  vigencia: string;
  pesquisa_previa: { uf: Uf; valor: string }[];
  cartorios: { cns: string; certidao: string; visualizacao: string }[];
}

export interface WireSearchRequest {
  documento: string;
  uf: string;
  nome?: string;
  finalidade: number;
}

export interface WireSearchRow {
  /** A record number, or `MATRICULA_NAO_INFORMADA`. */
  matricula: string;
  cns: string;
  cartorio: string;
  numero_cartorio: number;
  municipio: string;
  uf: Uf;
  coleta_incompleta: boolean;
  sem_resposta: boolean;
}

export interface WireSearch {
  numero_pedido: string;
  situacao: 'CONCLUIDA' | 'EM_RETENTATIVA';
  resultado: 'POSITIVO' | 'NEGATIVO';
  pesquisado: { nome: string | null; documento: string };
  uf: Uf;
  executada_em: string;
  duracao_ms: number;
  varredura_ms: number;
  linhas: WireSearchRow[];
  cobertura: {
    cartorios_total: number;
    cartorios_responderam: number;
    cartorios_fora_do_ar: number;
    cartorios_coleta_incompleta: number;
    total_linhas: number;
    retentativas_realizadas: number;
  };
  comprovante_url: string;
}

export interface WirePropertyRequest {
  matricula: string;
  cartorio: number;
  municipio: string;
  uf: string;
  finalidade?: number;
}

export interface WireOfficeRef {
  cns: string;
  nome: string;
  numero: number;
  municipio: string;
  uf: Uf;
}

export interface WireDocumentLink {
  url: string;
  expira_em: string;
}

export interface WireRecordView {
  numero_pedido: string;
  situacao: 'ENTREGUE';
  matricula: string;
  matricula_solicitada: string;
  cartorio: WireOfficeRef;
  documento: WireDocumentLink;
  valor: string;
  entregue_em: string;
}

export interface WireCertificateOrder {
  numero_pedido: string | null;
  situacao: 'EM_ANDAMENTO' | 'ACEITO_SEM_PROTOCOLO';
  previsao_entrega_em: string | null;
  valor: string;
  aceito_em: string;
  mensagem: string;
}

export interface WireCertificateDetail {
  numero_pedido: string;
  situacao: 'EM_ANDAMENTO' | 'EMITIDA';
  previsao_entrega_em: string;
  aceito_em: string;
  valor: string;
  matricula: string;
  cartorio: WireOfficeRef;
  documento: WireDocumentLink | null;
  codigo_validacao: string | null;
  emitida_em: string | null;
}

export type WireOrderDetail =
  | { produto: 'PESQUISA_PREVIA'; pesquisa: WireSearch }
  /** A record view still being produced (after the call timed out) has no `visualizacao` yet. */
  | {
      produto: 'VISUALIZACAO';
      numero_pedido: string;
      situacao: 'EM_ANDAMENTO' | 'ENTREGUE';
      visualizacao: WireRecordView | null;
    }
  | { produto: 'CERTIDAO'; certidao: WireCertificateDetail };

export interface WireOrderListItem {
  numero_pedido: string;
  produto: 'PESQUISA_PREVIA' | 'VISUALIZACAO';
  situacao: 'CONCLUIDO' | 'EM_ANDAMENTO';
  criado_em: string;
  cns: string | null;
  matricula: string | null;
  documento: WireDocumentLink | null;
  valor: string;
}

export interface WireOrderList {
  pedidos: WireOrderListItem[];
}
