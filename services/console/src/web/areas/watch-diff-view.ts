import {
  type WatchAto,
  type WatchDiff,
  type WatchDiffMatricula,
  type WatchDiffPessoa,
  type WatchImovel,
  watchDiffProblems,
} from '@regapi/contracts';
import { html } from '../html';

/**
 * A run's `diferencas` (decision 0162's WatchDiff) in plain Portuguese: the `resumo`, then for a person the properties
 * that appeared and that left, per UF, as a table; for a record the new and changed acts (before and after), the
 * removed ones, the anomalies and the image-only notice. A stored diff that is not one is shown as nothing compared.
 */
export function watchDiffSection(diff: unknown, label: string): string {
  if (diff === null || diff === undefined) return '';
  if (watchDiffProblems(diff).length > 0) return html`<p>As diferenças desta execução não puderam ser lidas.</p>`;
  const known = diff as WatchDiff;
  const body = known.tipo === 'pessoa' ? personDiff(known, label) : recordDiff(known);
  return html`<p class="resumo"><strong>${known.resumo}</strong></p>!${body}`;
}

const UF_SITUACAO: Readonly<Record<string, string>> = {
  comparada: 'comparada com a execução anterior',
  primeira: 'primeiro resultado nesta UF (ponto de partida)',
  inconclusiva: 'sem conclusão nesta execução (não é um desaparecimento)',
};

function office(imovel: WatchImovel): string {
  const name =
    imovel.cartorio_nome ?? (imovel.cartorio_numero === null ? 'Cartório' : `${imovel.cartorio_numero}º ofício`);
  const place = [imovel.cartorio_municipio, imovel.cartorio_uf].filter((part) => part !== null).join('/');
  return place === '' ? name : `${name} (${place})`;
}

function personDiff(diff: WatchDiffPessoa, label: string): string {
  const rows = diff.ufs.flatMap((uf) => [
    ...uf.novos.map((imovel) => ({ uf: uf.uf, change: 'Apareceu', imovel })),
    ...uf.deixaram_de_constar.map((imovel) => ({ uf: uf.uf, change: 'Deixou de constar', imovel })),
  ]);
  const table =
    rows.length === 0
      ? ''
      : html`<table class="diferencas">
<caption>Imóveis que apareceram ou deixaram de constar — ${label}</caption>
<thead><tr><th scope="col">UF</th><th scope="col">Mudança</th><th scope="col">Matrícula</th><th scope="col">Cartório</th></tr></thead>
<tbody>!${rows
          .map(
            (row) =>
              html`<tr><td>${row.uf}</td><td>${row.change}</td><td>${row.imovel.matricula ?? 'não informada'}</td><td>${office(row.imovel)}</td></tr>`,
          )
          .join('')}</tbody>
</table>`;
  const ufs = diff.ufs.map(
    (uf) =>
      html`<li>${uf.uf}: ${UF_SITUACAO[uf.situacao] ?? uf.situacao}${
        uf.quantidade_imoveis === null
          ? ''
          : `; ${uf.quantidade_imoveis} imóve${uf.quantidade_imoveis === 1 ? 'l' : 'is'} encontrados`
      }</li>`,
  );
  return html`!${table}<ul class="ufs">!${ufs.join('')}</ul>`;
}

function actName(ato: { readonly ato: string; readonly natureza: string | null }): string {
  return ato.natureza === null ? ato.ato : `${ato.ato} (${ato.natureza})`;
}

function actList(title: string, acts: readonly WatchAto[]): string {
  if (acts.length === 0) return '';
  return html`<h4>${title}</h4><dl class="atos">!${acts
    .map((ato) => html`<dt>${actName(ato)}</dt><dd><blockquote>${ato.texto}</blockquote></dd>`)
    .join('')}</dl>`;
}

function recordDiff(diff: WatchDiffMatricula): string {
  const changed =
    diff.atos_alterados.length === 0
      ? ''
      : html`<h4>Atos alterados</h4>!${diff.atos_alterados
          .map(
            (ato) => html`<dl class="atos"><dt>${actName(ato)}, antes</dt><dd><blockquote>${ato.antes}</blockquote></dd>
<dt>${actName(ato)}, agora</dt><dd><blockquote>${ato.depois}</blockquote></dd></dl>`,
          )
          .join('')}`;
  const anomalies =
    diff.anomalias.length === 0
      ? ''
      : html`<h4>Anomalias</h4><ul class="anomalias">!${diff.anomalias.map((anomalia) => html`<li>${anomalia}</li>`).join('')}</ul>`;
  const notice = diff.aviso === null ? '' : html`<p class="aviso-documento">Aviso: ${diff.aviso}</p>`;
  const pages =
    diff.documento_anterior === null || diff.documento_atual === null
      ? ''
      : html`<p>Páginas: ${diff.documento_anterior.paginas} antes, ${diff.documento_atual.paginas} agora.</p>`;
  return [
    notice,
    pages,
    actList('Atos novos', diff.atos_novos),
    changed,
    actList('Atos removidos', diff.atos_removidos),
    anomalies,
  ].join('');
}
