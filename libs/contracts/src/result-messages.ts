import type { Fonte } from './products';
import { type ResultClass, type ResultCode, resultClassOf } from './result-codes';
import type { UnavailableMotivo } from './unavailable-motivos';

/**
 * The texts of results (`code_message` and `data[0].mensagem`/`resumo`): the one table (issue 12 item 2,
 * docs/decisions/0049). A code alone does not say what happened to the money — a 602 may be a refusal at acceptance
 * (nothing debited) or the end of a debited order (refunded); a 605 is refunded at once on a search or a certificate
 * and waits for the reconciliation on a record view — so every text is keyed by what actually happened: the code,
 * the product and the fate of the money. Each text says what happened, what became of the money, and what the client
 * does next (resend? with which Idempotency-Key? when?). Services never write their own.
 */

/**
 * What became of the money, as `cobranca` shows it (docs/api.md):
 * - `nada_cobrado`: refused before any debit (602 of a quote or an execution): no order, the key stays unused.
 * - `mantido`: debited at acceptance and kept (`cobranca.estornado` 0).
 * - `devolvido`: debited at acceptance and returned in full (`cobranca.estornado` = `debitado`; for a moment after the
 *   result `cobranca.estorno_pendente` is true while billing posts it).
 * - `em_conciliacao`: a record view 605: kept until the reconciliation looks for the order at the origin.
 * - `devolvido_apos_conciliacao`: a record view 605 the reconciliation did not find: returned in full.
 */
export const MONEY_OUTCOMES = [
  'nada_cobrado',
  'mantido',
  'devolvido',
  'em_conciliacao',
  'devolvido_apos_conciliacao',
] as const;
export type MoneyOutcome = (typeof MONEY_OUTCOMES)[number];

/** The only code with a reconciliation (contract 3): the record view's origin timeout. */
const RECONCILED_CODE: ResultCode = 605;
const RECONCILED_FONTE: Fonte = 'visualizacao-matricula';

/**
 * The money of an order that FINISHED with `code` (it was debited at acceptance): kept, refunded, or — the record
 * view's 605 — waiting for the reconciliation until `reconciledNotFound`.
 */
export function moneyOutcomeOfFinished(
  code: ResultCode,
  fonte: Fonte,
  reconciliation: 'pending' | 'not_found' = 'pending',
): Exclude<MoneyOutcome, 'nada_cobrado'> {
  if (code === RECONCILED_CODE && fonte === RECONCILED_FONTE) {
    return reconciliation === 'not_found' ? 'devolvido_apos_conciliacao' : 'em_conciliacao';
  }
  return REFUNDED_CLASSES.has(resultClassOf(code)) ? 'devolvido' : 'mantido';
}

const REFUNDED_CLASSES: ReadonlySet<ResultClass> = new Set<ResultClass>(['retry', 'fatal']);

/** What happened, per code where the contract says more than the class (contract 7.5-7.8, 2.6), else per class. */
const WHAT_HAPPENED_BY_CLASS: Readonly<Record<ResultClass, string>> = {
  sucesso: 'Consulta concluída: a origem respondeu e entregou o resultado.',
  nao_encontrado: 'A origem respondeu: nada encontrado para o alvo.',
  indeterminado: 'A origem não pôde emitir pela internet; isso não indica irregularidade.',
  erro_participante: 'A origem recusou os dados do pedido.',
  retry: 'Instabilidade momentânea da origem ou do transporte: o pedido não foi concluído.',
  fatal: 'Falha de integração do lado do serviço: o pedido não foi concluído.',
};

function whatHappened(code: ResultCode, fonte: Fonte): string {
  switch (code) {
    case 602:
      return 'Indisponível na origem: o pedido não pôde ser atendido (produto ou cartório fora de serviço, ou pedido igual em vigor na origem).';
    case 603:
      return 'Falha permanente na origem: o produto foi retirado de serviço e a equipe foi avisada.';
    case 605:
      return 'Tempo esgotado na origem: o pedido não foi concluído.';
    case 615:
      // The one text of a receipt error (docs/sandbox.md quotes it; docs/decisions/0147).
      return fonte === 'pesquisa-previa-bens'
        ? 'A pesquisa rodou na origem, mas a origem não gerou o comprovante impresso: sem essa prova o resultado não é entregue. O número do pedido na origem fica em protocolo_origem.'
        : WHAT_HAPPENED_BY_CLASS.retry;
    case 607:
      return 'O cartório chegou à origem como texto em vez do número inteiro: falha de integração do lado do serviço.';
    case 618:
      // Contract 2.6 and 3: the registry took the certificate order without a protocol; without it nothing can fetch it.
      return fonte === 'certidao-inteiro-teor'
        ? 'O cartório aceitou o pedido da certidão sem número de protocolo (INDISPONIVEL): sem ele a certidão não pode ser obtida.'
        : WHAT_HAPPENED_BY_CLASS.retry;
    case 621:
      // A certificate the origin accepted and then stopped knowing (docs/decisions/0176).
      return fonte === 'certidao-inteiro-teor'
        ? 'A origem deixou de reconhecer o número do pedido da certidão que ela mesma deu (identificadores.numero_pedido), consulta após consulta: por aqui a certidão não pode mais ser acompanhada nem baixada.'
        : WHAT_HAPPENED_BY_CLASS.fatal;
    default:
      return WHAT_HAPPENED_BY_CLASS[resultClassOf(code)];
  }
}

const NEW_KEY =
  'faça um novo pedido com uma NOVA Idempotency-Key (a chave deste pedido devolve sempre este mesmo protocolo)';

/** What became of the money, as a sentence (its outcome is `cobranca`'s). */
const MONEY_SENTENCE: Readonly<Record<Exclude<MoneyOutcome, 'nada_cobrado'>, string>> = {
  mantido: 'O valor debitado no aceite é mantido (não é devolvido).',
  devolvido: 'O valor debitado no aceite é devolvido integralmente (veja data[0].cobranca).',
  em_conciliacao:
    'O valor debitado fica retido até a conciliação (a cada 30 minutos) procurar o pedido na origem: achado, o documento é entregue neste mesmo protocolo e o valor mantido; não achado, o valor é devolvido integralmente.',
  devolvido_apos_conciliacao:
    'Conciliação: o pedido não consta na origem, nada foi cobrado pelo cartório; o valor debitado no aceite é devolvido integralmente (veja data[0].cobranca).',
};

/** What the client does next, for a finished order. */
function nextStep(code: ResultCode, fonte: Fonte, money: Exclude<MoneyOutcome, 'nada_cobrado'>): string {
  if (money === 'em_conciliacao') {
    return 'Não faça um novo pedido (nem reenvie com outra Idempotency-Key): consulte este protocolo de novo em 30 minutos.';
  }
  if (money === 'devolvido_apos_conciliacao') return `Para tentar de novo, ${NEW_KEY}.`;
  switch (resultClassOf(code)) {
    case 'sucesso':
      return '';
    case 'nao_encontrado':
    case 'indeterminado':
      return 'Repetir o pedido não muda o resultado.';
    case 'erro_participante':
      return `Corrija os dados e ${NEW_KEY}.`;
    case 'retry':
      return code === 605 && fonte === 'certidao-inteiro-teor'
        ? `Sem o protocolo da origem esta certidão não pode ser recuperada: para obtê-la, ${NEW_KEY}.`
        : `Para tentar de novo, ${NEW_KEY}.`;
    case 'fatal':
      if (code === 621 && fonte === 'certidao-inteiro-teor') {
        return `Nada mais é cobrado por este protocolo; a equipe foi avisada e procura a certidão na origem por esse número. Para pedir de novo, ${NEW_KEY}: enquanto durar o bloqueio de 7 dias da mesma matrícula e cartório, a execução é recusada sem cobrança e informa a data em que será aceita.`;
      }
      return code === 602 || code === 603
        ? `Não repita agora. Para tentar de novo, confira antes o orçamento (POST /v1/orcamento/${fonte}, grátis) e ${NEW_KEY}; uma execução ainda indisponível é recusada sem cobrança.`
        : 'Repetir o mesmo pedido não adianta até a falha ser corrigida; fale com o suporte citando o protocolo.';
  }
}

/**
 * The text of an order that finished with `code`: `data[0].mensagem` (or the search's `resumo`) and the poll's
 * `code_message` (before the contract 7.2 note). `money` from `moneyOutcomeOfFinished`.
 */
export function finishedResultMessage(
  code: ResultCode,
  fonte: Fonte,
  money: Exclude<MoneyOutcome, 'nada_cobrado'>,
): string {
  return [whatHappened(code, fonte), MONEY_SENTENCE[money], nextStep(code, fonte, money)]
    .filter((part) => part !== '')
    .join(' ');
}

/**
 * The 602 of a quote or an execution refused before any debit (contract 7.6, 7.9): nothing charged, no order, the key
 * unused (so the SAME key may be resent). `acceptedAgainOn` (`YYYY-MM-DD`, office's day) only for `pedido_em_vigor`.
 */
export function refusalMessage(motivo: UnavailableMotivo, acceptedAgainOn?: string): string {
  const tail = 'Nada foi cobrado e nenhum pedido foi criado.';
  const sameKey = 'a mesma Idempotency-Key pode ser reenviada (nada foi guardado com ela)';
  switch (motivo) {
    case 'produto_fora_de_servico':
      return `Indisponível: o produto está fora de serviço no momento (falha permanente na origem). ${tail} Reenvie quando o orçamento voltar a cotar; ${sameKey}.`;
    case 'cartorio_nao_encontrado':
      return `Indisponível: nenhum cartório com esse número nesse município e UF; confira imovel_cartorio e imovel_municipio (município do CARTÓRIO, não do imóvel). ${tail} Corrija e reenvie; ${sameKey}.`;
    case 'cartorio_fora_de_servico':
      return `Indisponível: o cartório está fora de serviço na origem e não cota. ${tail} Reenvie quando o orçamento voltar a cotar; ${sameKey}.`;
    case 'tarifa_desconhecida':
      return `Indisponível: a tarifa da origem para este produto aqui é desconhecida (R$ 0,00 ou ausente significa desconhecida, não grátis). ${tail} Reenvie quando o orçamento voltar a cotar; ${sameKey}.`;
    case 'plano_sem_margem':
      return `Indisponível: o plano da conta não tem preço para este produto. ${tail} Fale com o suporte para incluir o produto no plano.`;
    case 'pedido_em_vigor':
      return `Indisponível: a mesma matrícula neste cartório já foi pedida na plataforma nos últimos 7 dias (estimativa; a origem não informa o prazo real). ${tail} Reenvie a partir de ${acceptedAgainOn ?? 'data[0].aceito_novamente_a_partir_de'} (dia do cartório, data[0].aceito_novamente_a_partir_de); ${sameKey}.`;
  }
}
