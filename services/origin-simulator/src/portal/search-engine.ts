import { formatCpfCnpj, type Uf } from '@regapi/br';
import { MATRICULA_NAO_INFORMADA, type WireSearch, type WireSearchRow } from '@regapi/origin';
import { rngFor } from '../random/prng';
import { changingFindings, isChangingDocument } from '../world/changing-identities';
import { normalizeText } from '../world/normalize';
import type { SimOffice } from '../world/offices';
import type { SimWorld } from '../world/world';

/** Chance that an available office does not answer in one run (the origin then retries it). */
const NO_ANSWER_CHANCE = 0.0008;
/** Origin time after which a search with pending retries closes, on the next check (issue 3). */
export const RETRY_WINDOW_MS = 10 * 60 * 1000;

export interface SearchInput {
  /** Bare, valid document. */
  readonly documento: string;
  readonly uf: Uf;
  readonly nome: string | null;
  readonly finalidade: number;
}

export interface SearchRun {
  readonly input: SearchInput;
  /** Which search of this document in this UF it is, in this simulator state (counting from 1). */
  readonly occurrence: number;
  readonly executedAt: Date;
  readonly durationMs: number;
  readonly scanningMs: number;
  readonly rows: readonly WireSearchRow[];
  /** Available offices that did not answer this run, retried by the origin. */
  readonly notAnswering: ReadonlySet<string>;
  /** Offices of the UF out of service when the search ran (CNS): counted, their rows `sem_resposta`. */
  readonly outOfService: ReadonlySet<string>;
  readonly closesAt: Date | null;
  readonly retriesDone: number;
  readonly nomeOrigem: string | null;
  readonly empty: boolean;
}

export interface SearchOptions {
  readonly now: Date;
  readonly occurrence: number;
  readonly durationMs: number;
  readonly scanningMs: number;
  /** Fault `retries-pending`: at least one office does not answer. */
  readonly forcePending: boolean;
  /** Fault `nothing-found`: the index returns nothing for this run. */
  readonly forceEmpty: boolean;
  /** Whether an office is in service now (the portal state's office board). */
  readonly isAvailable: (office: SimOffice) => boolean;
}

/**
 * The preliminary search (contract 2.4): scans the UF's offices for records where the document appears in an act from
 * 1976 on, one row per record. Offices out of service and offices that did not answer this run still show the rows of
 * the origin's previous collection, flagged `sem_resposta`; an office that does not inform record numbers answers
 * "NAO INFORMADA".
 */
export function runSearch(world: SimWorld, input: SearchInput, options: SearchOptions): SearchRun {
  const rng = rngFor(world.seed, 'search-run', input.documento, input.uf, options.occurrence);
  const offices = world.officesOf(input.uf);
  const person = world.personByDoc(input.documento);
  const records = findings(world, input, options.occurrence, options.forceEmpty);

  const outOfService = new Set(offices.filter((office) => !options.isAvailable(office)).map((office) => office.cns));
  const inService = (office: SimOffice | undefined) => office !== undefined && !outOfService.has(office.cns);
  const notAnswering = new Set<string>();
  for (const office of offices) if (inService(office) && rng.chance(NO_ANSWER_CHANCE)) notAnswering.add(office.cns);
  if (options.forcePending && notAnswering.size === 0) {
    // Prefer an office holding a finding, so the retry visibly changes the rows.
    const holding = records.map((r) => world.officeByCns(r.cns)).find(inService);
    const available = offices.filter(inService);
    notAnswering.add(holding?.cns ?? rng.pick(available).cns);
    notAnswering.add(rng.pick(available).cns);
  }
  const pending = notAnswering.size > 0;
  return {
    input,
    occurrence: options.occurrence,
    executedAt: options.now,
    durationMs: options.durationMs,
    scanningMs: options.scanningMs,
    rows: rowsOf(world, records, notAnswering, outOfService),
    notAnswering,
    outOfService,
    closesAt: pending ? new Date(options.now.getTime() + RETRY_WINDOW_MS) : null,
    retriesDone: pending ? rng.int(1, 3) : 0,
    // "Who the origin says was searched": the sent name in the portal's spelling, unchecked; else the name on file.
    nomeOrigem: input.nome !== null ? normalizeText(input.nome) : person ? normalizeText(person.nome) : null,
    empty: options.forceEmpty,
  };
}

/** A later check after the retry window: the offices retried have answered. */
export function closeSearch(world: SimWorld, run: SearchRun): SearchRun {
  const records = findings(world, run.input, run.occurrence, run.empty);
  return {
    ...run,
    rows: rowsOf(world, records, new Set(), run.outOfService),
    notAnswering: new Set(),
    closesAt: null,
    retriesDone: run.retriesDone + 1,
  };
}

/** The records a search finds: the person's indexed ones, or a changing sandbox document's (changing-identities). */
function findings(world: SimWorld, input: SearchInput, occurrence: number, empty: boolean) {
  if (empty) return [];
  if (isChangingDocument(input.documento)) return changingFindings(world, input.uf, occurrence);
  const person = world.personByDoc(input.documento);
  return person ? world.indexedRecords(person.id, input.uf) : [];
}

function rowsOf(
  world: SimWorld,
  records: ReturnType<SimWorld['indexedRecords']>,
  notAnswering: ReadonlySet<string>,
  outOfService: ReadonlySet<string>,
) {
  const rows: WireSearchRow[] = [];
  for (const record of records) {
    const office = world.officeByCns(record.cns);
    if (!office) continue;
    rows.push({
      matricula: office.informsMatricula ? record.matricula : MATRICULA_NAO_INFORMADA,
      cns: office.cns,
      cartorio: office.nome,
      numero_cartorio: office.numero,
      municipio: office.municipio,
      uf: office.uf,
      coleta_incompleta: office.incompleteCollection,
      sem_resposta: outOfService.has(office.cns) || notAnswering.has(office.cns),
    });
  }
  return rows.sort((a, b) => a.cartorio.localeCompare(b.cartorio, 'pt-BR') || a.matricula.localeCompare(b.matricula));
}

export function toWireSearch(world: SimWorld, numero: string, run: SearchRun, receiptUrl: string): WireSearch {
  const offices = world.officesOf(run.input.uf);
  const outOfService = run.outOfService.size;
  const answered = offices.filter((o) => !run.outOfService.has(o.cns) && !run.notAnswering.has(o.cns));
  return {
    numero_pedido: numero,
    situacao: run.closesAt ? 'EM_RETENTATIVA' : 'CONCLUIDA',
    resultado: run.rows.length > 0 ? 'POSITIVO' : 'NEGATIVO',
    pesquisado: { nome: run.nomeOrigem, documento: formatCpfCnpj(run.input.documento) ?? run.input.documento },
    uf: run.input.uf,
    executada_em: run.executedAt.toISOString(),
    duracao_ms: run.durationMs,
    varredura_ms: run.scanningMs,
    linhas: [...run.rows],
    cobertura: {
      cartorios_total: offices.length,
      cartorios_responderam: answered.length,
      cartorios_fora_do_ar: outOfService,
      cartorios_coleta_incompleta: answered.filter((o) => o.incompleteCollection).length,
      total_linhas: run.rows.length,
      retentativas_realizadas: run.retriesDone,
    },
    comprovante_url: receiptUrl,
  };
}
