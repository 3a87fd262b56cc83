import { type CatalogOffice, findOffice, isProductEnabled, officeFee, searchFee } from '@regapi/catalog';
import type { Fonte, QuoteRefusalMotivo, RequestBodyOf } from '@regapi/contracts';
import { type Db, getAccount, getPlan, type Plan, type Price, priceWithMargin } from '@regapi/ledger';

/** Why a product cannot be quoted: each is answered 602, free, without calling the origin (contract 7.6, 7.9). */
export type QuoteRefusal = QuoteRefusalMotivo;

/** The office a property quote was computed for. */
export type QuotedOffice = Pick<CatalogOffice, 'nome' | 'cns' | 'numero' | 'municipio' | 'uf'>;

/** Where the quote applies: the office (record view, certificate) or the UF (preliminary search). */
export type QuoteTarget = { readonly cartorio: QuotedOffice } | { readonly uf: CatalogOffice['uf'] };

export type Quote =
  | { readonly ok: true; readonly fonte: Fonte; readonly price: Price; readonly target: QuoteTarget }
  | { readonly ok: false; readonly fonte: Fonte; readonly refusal: QuoteRefusal; readonly target?: QuoteTarget };

export type QuoteRequest = { [F in Fonte]: { readonly fonte: F; readonly body: RequestBodyOf<F> } }[Fonte];

/** The account's plan; a valid token whose account or plan is gone is a broken invariant (500), not a client error. */
export async function planOfAccount(db: Db, accountId: string): Promise<Plan> {
  const account = await getAccount(db, accountId);
  if (account === undefined) throw new Error(`account ${accountId} of a valid token does not exist`);
  const plan = await getPlan(db, account.plan_id);
  if (plan === undefined) throw new Error(`plan ${account.plan_id} of account ${accountId} does not exist`);
  return plan;
}

function officeOf(office: CatalogOffice): QuotedOffice {
  return { nome: office.nome, cns: office.cns, numero: office.numero, municipio: office.municipio, uf: office.uf };
}

/**
 * The quote (contract 4 quote rules; architecture rule 5): the origin's fee from the LOCAL catalog plus the plan's
 * margin (`priceWithMargin`, the one pricing rule). Never calls the origin. A fee of 0 or no fee is unknown, never
 * free: refused like an office that does not quote. The execution (issue 5 item 2) prices through this same function.
 */
export async function computeQuote(db: Db, plan: Plan, request: QuoteRequest): Promise<Quote> {
  const { fonte } = request;
  if (!(await isProductEnabled(db, fonte))) return { ok: false, fonte, refusal: 'produto_fora_de_servico' };
  let fee: number | undefined;
  let target: QuoteTarget;
  if (request.fonte === 'pesquisa-previa-bens') {
    target = { uf: request.body.uf };
    fee = await searchFee(db, request.body.uf);
  } else {
    const office = await findOffice(db, {
      uf: request.body.imovel_uf,
      municipio: request.body.imovel_municipio,
      numero: request.body.imovel_cartorio,
    });
    if (office === undefined) return { ok: false, fonte, refusal: 'cartorio_nao_encontrado' };
    target = { cartorio: officeOf(office) };
    if (!office.disponivel) return { ok: false, fonte, refusal: 'cartorio_fora_de_servico', target };
    fee = await officeFee(db, fonte, office);
  }
  if (fee === undefined) return { ok: false, fonte, refusal: 'tarifa_desconhecida', target };
  if (plan.margins[fonte] === undefined) return { ok: false, fonte, refusal: 'plano_sem_margem', target };
  return { ok: true, fonte, price: priceWithMargin(plan, fonte, fee), target };
}
