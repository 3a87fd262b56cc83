import type { Uf } from '@regapi/br';
import type { Finalidade } from '../finalidade';
import type { ImovelMatricula } from './imovel-matricula';

/** What the JSON Schemas let through, before normalization (optional fields may be null: same as absent). */
export interface RawPesquisaPreviaBensBody {
  cpf_cnpj: string;
  uf: string;
  nome?: string | null;
  finalidade?: Finalidade | null;
  referencia?: string | null;
}

export interface RawImovelBody {
  cpf_cnpj: string;
  imovel_matricula: string;
  imovel_cartorio: number;
  imovel_municipio: string;
  imovel_uf: string;
  referencia?: string | null;
}

export interface RawVisualizacaoMatriculaBody extends RawImovelBody {
  imovel_finalidade?: Finalidade | null;
}

/** The document of a request, normalized: bare, uppercase (contract 2.3 accepts it with or without mask). */
interface DocumentFields {
  /** 11 digits (CPF) or 14 characters (CNPJ), no mask. */
  readonly cpf_cnpj: string;
  readonly cpfCnpjKind: 'cpf' | 'cnpj';
}

/** The client's own reference (issue 17): trimmed; absent when not given (or given as null). Never sent to the origin. */
interface ReferenciaField {
  readonly referencia?: string;
}

/** Contract 2.3: the default 2 is already applied; `finalidadeExplicit` says whether the client sent it. */
interface FinalidadeFields {
  readonly finalidade: Finalidade;
  /** Contract 2.3: 3 is sent to the origin only when explicitly given (the default can never be 3). */
  readonly finalidadeExplicit: boolean;
}

/** Validated body of `pesquisa-previa-bens` (quote and execution). */
export interface PesquisaPreviaBensRequest extends DocumentFields, FinalidadeFields, ReferenciaField {
  readonly uf: Uf;
  /** Trimmed; absent when not given (or given as null). */
  readonly nome?: string;
}

/** The five property fields shared by the record view and the certificate (contract 2.3). */
export interface ImovelRequest extends DocumentFields, ReferenciaField {
  /** The record number as given (leading zeros kept), or the CNM's 16 bare digits. */
  readonly imovel_matricula: string;
  readonly matricula: ImovelMatricula;
  readonly imovel_cartorio: number;
  /** Trimmed, otherwise as given: matching it to an office is the catalog's job. */
  readonly imovel_municipio: string;
  readonly imovel_uf: Uf;
}

/** Validated body of `visualizacao-matricula`: `finalidade` carries `imovel_finalidade`. */
export interface VisualizacaoMatriculaRequest extends ImovelRequest, FinalidadeFields {}

/** Validated body of `certidao-inteiro-teor`: no finalidade at all. */
export type CertidaoInteiroTeorRequest = ImovelRequest;

export interface RequestBodies {
  'pesquisa-previa-bens': PesquisaPreviaBensRequest;
  'visualizacao-matricula': VisualizacaoMatriculaRequest;
  'certidao-inteiro-teor': CertidaoInteiroTeorRequest;
}

export type RequestBodyOf<F extends keyof RequestBodies> = RequestBodies[F];
