import type { JsonObject } from './openapi/json';
import { integer, nullable, nullableText, objectSchema, text, textList } from './openapi/schema-helpers';
import { compileOnFirstUse, contractsAjv } from './requests/ajv';

/**
 * What one run of a watch ("monitoramento", decision 0152) found against the previous run that reached a result:
 * stored on the run, listed in its history, carried by the `monitoramento.alteracao` webhook. The comparison itself is
 * libs/orders `watch-diff`; the rules (property identity, act headings, inconclusive UFs, image-only records) are
 * decision 0162. Every array is sorted and every field always present, so the same two runs give the same bytes.
 */

/** `primeira`: no earlier run reached a result; `inconclusiva`: this run reached none, nothing was compared. */
export const WATCH_DIFF_RESULTADOS = ['primeira', 'sem_alteracao', 'alteracao', 'inconclusiva'] as const;
export type WatchDiffResultado = (typeof WATCH_DIFF_RESULTADOS)[number];

/** Per UF of a `pessoa` watch: compared with its baseline, first result in it, or nothing concluded this run. */
export const WATCH_UF_SITUACOES = ['comparada', 'primeira', 'inconclusiva'] as const;
export type WatchUfSituacao = (typeof WATCH_UF_SITUACOES)[number];

/** Why a UF concluded nothing: the search ended without a result, or the origin was still retrying offices. */
export const WATCH_UF_MOTIVOS = ['sem_resultado', 'provisoria'] as const;
export type WatchUfMotivo = (typeof WATCH_UF_MOTIVOS)[number];

/** One record where the document appears (contract 2.4 `imoveis[]`), named by the fields that identify it. */
export interface WatchImovel {
  /** The identity compared: the office (CNS, else UF/municipality/number) and the record number (decision 0162). */
  readonly chave: string;
  readonly matricula: string | null;
  readonly cartorio_cns: string | null;
  readonly cartorio_numero: number | null;
  readonly cartorio_nome: string | null;
  readonly cartorio_municipio: string | null;
  readonly cartorio_uf: string | null;
}

export interface WatchUfDiff {
  readonly uf: string;
  readonly situacao: WatchUfSituacao;
  /** Set only when `situacao` is `inconclusiva`. */
  readonly motivo: WatchUfMotivo | null;
  /** Records found this run in this UF; null when it concluded nothing. */
  readonly quantidade_imoveis: number | null;
  readonly novos: readonly WatchImovel[];
  readonly deixaram_de_constar: readonly WatchImovel[];
}

export interface WatchDiffPessoa {
  readonly tipo: 'pessoa';
  readonly resultado: WatchDiffResultado;
  readonly resumo: string;
  /** Sorted by UF. */
  readonly ufs: readonly WatchUfDiff[];
}

export interface WatchAto {
  /** The act's label as compared: `R.5`, `AV.2` (any spelling in the record, decision 0162); `texto` for a record with no act heading. */
  readonly ato: string;
  readonly tipo: 'R' | 'AV' | null;
  readonly numero: number | null;
  /** What the act is, when its text says it plainly (`venda`, `hipoteca`, `penhora`...). */
  readonly natureza: string | null;
  readonly texto: string;
}

export interface WatchAtoAlterado {
  readonly ato: string;
  readonly natureza: string | null;
  readonly antes: string;
  readonly depois: string;
}

export interface WatchDocumento {
  readonly sha256: string;
  readonly paginas: number;
}

export interface WatchDiffMatricula {
  readonly tipo: 'matricula';
  readonly resultado: WatchDiffResultado;
  readonly resumo: string;
  /** `texto`: act by act; `documento`: an image-only record, by page count and hash. Null when nothing was compared. */
  readonly comparacao: 'texto' | 'documento' | null;
  /** The sentence an image-only comparison carries; null otherwise. */
  readonly aviso: string | null;
  readonly atos_novos: readonly WatchAto[];
  readonly atos_alterados: readonly WatchAtoAlterado[];
  /** Acts no longer in the record: a registry never deletes one, so each is also an anomaly. */
  readonly atos_removidos: readonly WatchAto[];
  readonly anomalias: readonly string[];
  /** The documents compared (image-only comparison); null otherwise. */
  readonly documento_anterior: WatchDocumento | null;
  readonly documento_atual: WatchDocumento | null;
}

export type WatchDiff = WatchDiffPessoa | WatchDiffMatricula;

const resultado: JsonObject = {
  type: 'string',
  enum: [...WATCH_DIFF_RESULTADOS],
  description:
    'primeira (nenhuma execução anterior chegou a um resultado), sem_alteracao, alteracao, ou inconclusiva (esta ' +
    'execução não chegou a um resultado: nada foi comparado).',
};
const resumo = text('Uma linha em português para exibir (console, e-mail).');

const imovel = objectSchema('Uma matrícula em que o documento aparece (contract 2.4), pelo que a identifica.', {
  chave: text('A identidade comparada: o cartório (CNS) e a matrícula (decisão 0162).'),
  matricula: nullableText('O número da matrícula; null quando a origem não o informa.'),
  cartorio_cns: nullableText('O CNS do cartório.'),
  cartorio_numero: nullable(integer('O número do cartório.')),
  cartorio_nome: nullableText('O nome do cartório.'),
  cartorio_municipio: nullableText('O município do cartório.'),
  cartorio_uf: nullableText('A UF do cartório.'),
});

const ufDiff = objectSchema('O que mudou numa UF pesquisada.', {
  uf: text('A UF.'),
  situacao: {
    type: 'string',
    enum: [...WATCH_UF_SITUACOES],
    description:
      'comparada; primeira (primeiro resultado nesta UF); inconclusiva (nada concluído nesta execução: não é um ' +
      'desaparecimento).',
  },
  motivo: nullable({
    type: 'string',
    enum: [...WATCH_UF_MOTIVOS],
    description: 'Só em inconclusiva: sem_resultado (a pesquisa terminou sem resultado) ou provisoria.',
  }),
  quantidade_imoveis: nullable(integer('Matrículas encontradas nesta execução; null se inconclusiva.', { minimum: 0 })),
  novos: { type: 'array', description: 'Matrículas que apareceram.', items: imovel },
  deixaram_de_constar: { type: 'array', description: 'Matrículas que deixaram de constar.', items: imovel },
});

const pessoa = objectSchema('Comparação de duas pesquisas prévias da mesma pessoa.', {
  tipo: { type: 'string', const: 'pessoa', description: 'Monitoramento de pessoa (pesquisa prévia).' },
  resultado,
  resumo,
  ufs: { type: 'array', description: 'Por UF, em ordem alfabética.', items: ufDiff },
});

const ato = objectSchema('Um ato da matrícula.', {
  ato: text('O ato: R.5, AV.2; texto quando a matrícula não tem cabeçalhos de ato.'),
  tipo: nullable({ type: 'string', enum: ['R', 'AV'], description: 'R (registro) ou AV (averbação).' }),
  numero: nullable(integer('O número de ordem do ato.', { minimum: 0 })),
  natureza: nullableText('O que o ato é, quando o texto diz (venda, hipoteca, penhora, ...).'),
  texto: text('O texto do ato.'),
});

const atoAlterado = objectSchema('Um ato cujo texto mudou.', {
  ato: text('O ato: R.5, AV.2.'),
  natureza: nullableText('O que o ato é, quando o texto diz.'),
  antes: text('O texto anterior.'),
  depois: text('O texto atual.'),
});

const documento = objectSchema('Um documento comparado sem camada de texto.', {
  sha256: text('O SHA-256 do PDF arquivado.', { pattern: '^[0-9a-f]{64}$' }),
  paginas: integer('Número de páginas.', { minimum: 0 }),
});

const matricula = objectSchema('Comparação de duas visualizações da mesma matrícula.', {
  tipo: { type: 'string', const: 'matricula', description: 'Monitoramento de matrícula (visualização).' },
  resultado,
  resumo,
  comparacao: nullable({
    type: 'string',
    enum: ['texto', 'documento'],
    description: 'texto (ato por ato) ou documento (sem camada de texto: páginas e hash); null se nada comparado.',
  }),
  aviso: nullableText('A frase de uma comparação sem camada de texto.'),
  atos_novos: { type: 'array', description: 'Atos acrescentados, em ordem.', items: ato },
  atos_alterados: { type: 'array', description: 'Atos com texto diferente (antes e depois).', items: atoAlterado },
  atos_removidos: { type: 'array', description: 'Atos que sumiram: não deveria acontecer (anomalia).', items: ato },
  anomalias: textList('O que não deveria acontecer num registro, em frases.'),
  documento_anterior: nullable(documento),
  documento_atual: nullable(documento),
});

/** The diff of a watch run as JSON Schema: the API's history, the webhook's payload and the check below share it. */
export const WATCH_DIFF_SCHEMA: JsonObject = {
  description: 'O que uma execução de monitoramento encontrou em relação à anterior que chegou a um resultado.',
  oneOf: [pessoa, matricula],
};

/** Its component name in the OpenAPI document: the history's `diferencas` and the webhook's refer to it by this. */
export const WATCH_DIFF_SCHEMA_NAME = 'DiferencasMonitoramento';

const watchDiffValidator = compileOnFirstUse(contractsAjv, WATCH_DIFF_SCHEMA);

/** What is wrong with a diff against WATCH_DIFF_SCHEMA, as readable lines; [] when it is right. */
export function watchDiffProblems(value: unknown): string[] {
  const validateWatchDiff = watchDiffValidator();
  if (validateWatchDiff(value)) return [];
  return (validateWatchDiff.errors ?? []).map(
    (error) => `${error.instancePath || '/'} ${error.message ?? error.keyword}`,
  );
}
