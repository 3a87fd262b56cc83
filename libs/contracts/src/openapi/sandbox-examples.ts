import type { Fonte } from '../products';
import type { JsonObject } from './json';

/** An OpenAPI Example Object naming a sandbox test identity. */
export type SandboxExample = {
  readonly summary: string;
  readonly value: JsonObject;
};

/** The sandbox's enquirer in property requests (any valid CPF does; this one is a sample owner of the simulator). */
const ENQUIRER = '474.906.754-72';

/**
 * Request examples of the three execution bodies, each a test identity of docs/sandbox.md (issue 17): with a `teste`
 * token, the body gives the outcome its summary names. services/origin-session/test/sandbox-identities.test.ts checks
 * that every example is a row of the doc's table with that code, and the rows against the simulator (seed 1).
 */
export const SANDBOX_EXAMPLES: Readonly<Record<Fonte, Readonly<Record<string, SandboxExample>>>> = {
  'pesquisa-previa-bens': {
    encontrado: {
      summary: 'Sandbox: found in 3 offices (code 200)',
      value: { cpf_cnpj: '474.906.754-72', uf: 'RO' },
    },
    nadaConsta: {
      summary: 'Sandbox: nothing found, nada_consta (code 612)',
      value: { cpf_cnpj: '474.906.754-72', uf: 'DF' },
    },
    provisorio: {
      summary: 'Sandbox: provisional negative, revised about 11 minutes later (code 612)',
      value: { cpf_cnpj: '999.170.000-54', uf: 'DF' },
    },
    tempoEsgotado: {
      summary: 'Sandbox: origin timeout, refunded (code 605)',
      value: { cpf_cnpj: '999.010.000-41', uf: 'DF' },
    },
  },
  'visualizacao-matricula': {
    comTexto: {
      summary: 'Sandbox: record view with a text layer (code 200)',
      value: {
        cpf_cnpj: ENQUIRER,
        imovel_matricula: '91374',
        imovel_cartorio: 1,
        imovel_municipio: 'Brejo Novo',
        imovel_uf: 'AC',
      },
    },
    semTexto: {
      summary: 'Sandbox: record view of a scanned book, no text layer (code 200)',
      value: {
        cpf_cnpj: ENQUIRER,
        imovel_matricula: '2157',
        imovel_cartorio: 1,
        imovel_municipio: 'Rio Branco',
        imovel_uf: 'AC',
      },
    },
    naoEncontrada: {
      summary: 'Sandbox: no such record (code 612)',
      value: {
        cpf_cnpj: ENQUIRER,
        imovel_matricula: '9991400',
        imovel_cartorio: 1,
        imovel_municipio: 'Brejo Novo',
        imovel_uf: 'AC',
      },
    },
  },
  'certidao-inteiro-teor': {
    emitida: {
      summary: 'Sandbox: certificate issued (code 200)',
      value: {
        cpf_cnpj: ENQUIRER,
        imovel_matricula: '39240',
        imovel_cartorio: 1,
        imovel_municipio: 'Brejo Novo',
        imovel_uf: 'AC',
      },
    },
    aceitoSemProtocolo: {
      summary: 'Sandbox: accepted without protocol, INDISPONIVEL, refunded (code 618)',
      value: {
        cpf_cnpj: ENQUIRER,
        imovel_matricula: '9991500',
        imovel_cartorio: 1,
        imovel_municipio: 'Brejo Novo',
        imovel_uf: 'AC',
      },
    },
  },
};
