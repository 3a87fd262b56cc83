/**
 * The console's only stylesheet, served at /estilo.css from the package itself (no CDN, works offline). Contrast of
 * text and controls is at least 4.5:1 (WCAG AA); focus is always visible.
 */
export const CONSOLE_CSS = `
:root { color-scheme: light; font-family: system-ui, sans-serif; color: #1b1b1b; background: #f6f7f9; }
body { margin: 0; }
header { background: #0b3d5c; color: #ffffff; padding: 0.6rem 1.5rem; }
header .topo { display: flex; flex-wrap: wrap; align-items: center; justify-content: space-between; gap: 0.5rem 1.5rem; }
header .sessao { display: flex; flex-wrap: wrap; align-items: center; gap: 0.5rem 1rem; min-width: 0; }
header .sessao form { margin: 0; }
header .quem { overflow-wrap: anywhere; }
header nav { margin-top: 0.6rem; padding-top: 0.5rem; border-top: 1px solid #3d6b87; }
header a, header .marca { color: #ffffff; font-weight: 600; text-decoration: none; }
header .marca { font-size: 1.1rem; }
header nav a { display: inline-block; padding: 0.2rem 0; }
main { max-width: 64rem; margin: 2rem auto; padding: 0 1.5rem; }
h1 { font-size: 1.6rem; margin: 0 0 1rem; }
form.cartao { display: grid; max-width: 36rem; gap: 0.75rem; background: #ffffff; padding: 1.5rem; border-radius: 0.5rem; border: 1px solid #c9ced6; }
label { font-weight: 600; }
input, select, textarea { font: inherit; padding: 0.5rem; border: 1px solid #5a6270; border-radius: 0.25rem; }
button { font: inherit; padding: 0.5rem 1rem; border: 0; border-radius: 0.25rem; background: #0b5cad; color: #ffffff; cursor: pointer; }
header button { background: #ffffff; color: #0b3d5c; }
:focus-visible { outline: 3px solid #f2a900; outline-offset: 2px; }
.aviso { background: #fdecea; color: #7a1c12; border: 1px solid #d9534f; padding: 0.75rem; border-radius: 0.25rem; }
dl { display: grid; grid-template-columns: max-content 1fr; gap: 0.5rem 1rem; background: #ffffff; padding: 1.5rem; border-radius: 0.5rem; border: 1px solid #c9ced6; }
dt { font-weight: 600; }
dd { margin: 0; }
nav ul { list-style: none; display: flex; flex-wrap: wrap; gap: 0.25rem 1.25rem; margin: 0; padding: 0; }
nav a[aria-current=page] { text-decoration: underline; text-underline-offset: 0.3em; }
table { border-collapse: collapse; width: 100%; background: #ffffff; border: 1px solid #c9ced6; }
/* A wide table scrolls inside its own box on a narrow screen; the page itself never scrolls sideways (issue 29). */
div.tabela { overflow-x: auto; max-width: 100%; position: relative; }
.quebra, .quebra li { overflow-wrap: anywhere; }
th, td { text-align: left; padding: 0.5rem; border-bottom: 1px solid #dde1e6; vertical-align: top; }
th { background: #eef1f4; }
td.valor, th.valor { text-align: right; font-variant-numeric: tabular-nums; }
.sucesso { background: #e7f4ea; color: #1d5a2c; border: 1px solid #3c8f52; padding: 0.75rem; border-radius: 0.25rem; }
.filtros { display: flex; flex-wrap: wrap; gap: 0.5rem 1rem; align-items: end; margin-bottom: 1rem; }
.filtros label { display: grid; gap: 0.25rem; font-weight: 600; }
a { color: #0b5cad; }
a.botao { display: inline-block; padding: 0.4rem 0.8rem; border-radius: 0.25rem; background: #0b5cad; color: #ffffff; text-decoration: none; margin: 0.1rem 0; }
td.acoes { white-space: nowrap; }
ul.produtos { list-style: none; padding: 0; display: grid; gap: 1rem; }
ul.produtos li { background: #ffffff; border: 1px solid #c9ced6; border-radius: 0.5rem; padding: 1rem 1.5rem; }
ul.produtos h2 { font-size: 1.2rem; margin: 0 0 0.5rem; }
small { color: #3d4451; }
.erro-campo { color: #7a1c12; font-weight: 600; }
.preco { font-size: 1.2rem; }
pre.conteudo { white-space: pre-wrap; background: #ffffff; border: 1px solid #c9ced6; padding: 1rem; border-radius: 0.25rem; }
.em-servico { color: #1d5a2c; font-weight: 600; }
.fora-de-servico { color: #7a1c12; font-weight: 600; }
section#resultado { margin-top: 1.5rem; }
/* Monitoramentos: a watch's history, one card per run, its acts' text quoted (docs/decisions/0167) */
ol.execucoes { list-style: none; padding: 0; display: grid; gap: 1rem; }
ol.execucoes > li { background: #ffffff; border: 1px solid #c9ced6; border-radius: 0.5rem; padding: 0.75rem 1.25rem; }
ol.execucoes h3 { font-size: 1.05rem; margin: 0 0 0.25rem; }
dl.atos blockquote { margin: 0.25rem 0 0.75rem; padding: 0.5rem 0.75rem; border-left: 4px solid #c9ced6; background: #f6f7f9; white-space: pre-wrap; }
ul.anomalias, .aviso-documento { color: #7a1c12; }
nav.paginas { margin-top: 1rem; display: flex; gap: 1rem; }
/* Tokens and audit (docs/decisions/0074) */
.oculto { position: absolute; width: 1px; height: 1px; overflow: hidden; clip: rect(0 0 0 0); white-space: nowrap; }
ul.redes { margin: 0; padding-left: 1.1rem; }
a.botao { display: inline-block; padding: 0.5rem 1rem; border-radius: 0.25rem; background: #0b5cad; color: #ffffff; text-decoration: none; }
fieldset { border: 1px solid #c9ced6; border-radius: 0.25rem; display: grid; gap: 0.4rem; }
label.opcao { font-weight: 400; }
.dica { margin: -0.4rem 0 0; color: #3f4752; font-size: 0.9rem; }
.erro-campo { margin: 0; color: #7a1c12; font-weight: 600; }
input.segredo { width: 100%; box-sizing: border-box; font-family: ui-monospace, monospace; font-size: 0.85rem; }
div.cartao { display: grid; gap: 0.75rem; background: #ffffff; padding: 1.5rem; border-radius: 0.5rem; border: 1px solid #c9ced6; margin-bottom: 1rem; }
button.perigo { background: #a32a1e; }
div.cartao button { justify-self: start; }
td.estado-ativo { color: #1d5a2c; font-weight: 600; }
td.estado-revogado, td.estado-expirado { color: #3f4752; }
nav.paginas { display: flex; gap: 1rem; margin-top: 1rem; }
.filtros .campo { display: grid; gap: 0.25rem; margin: 0; }
figure.grafico { margin: 0 0 0.5rem; }
figure.grafico img { max-width: 100%; height: auto; background: #ffffff; border: 1px solid #c9ced6; }
.paginas { display: flex; flex-wrap: wrap; gap: 1rem; align-items: baseline; }
.qr svg { width: 12rem; height: 12rem; display: block; }
td form { margin: 0 0 0.25rem; }
.oculto { position: absolute; width: 1px; height: 1px; overflow: hidden; clip-path: inset(50%); white-space: nowrap; }
/* Home (issue 29, decision 0148) */
.numeros { display: flex; flex-wrap: wrap; gap: 1rem; margin-bottom: 1rem; }
.numero { flex: 1 1 14rem; background: #ffffff; border: 1px solid #c9ced6; border-radius: 0.5rem; padding: 1rem 1.5rem; }
.numero h2, .painel h2 { font-size: 1rem; margin: 0 0 0.5rem; color: #3d4451; }
.numero p { font-size: 1.6rem; font-weight: 600; margin: 0 0 0.25rem; font-variant-numeric: tabular-nums; }
.painel { background: #ffffff; border: 1px solid #c9ced6; border-radius: 0.5rem; padding: 1rem 1.5rem; margin-bottom: 1rem; min-width: 0; }
.painel table { border: 0; }
.passos { border-left: 4px solid #0b5cad; }
.passos ol { margin: 0; padding-left: 1.25rem; display: grid; gap: 0.4rem; }
.feito { color: #1d5a2c; font-weight: 600; }
.grade { display: grid; grid-template-columns: minmax(0, 1fr); gap: 0 1rem; }
@media (min-width: 56rem) { .grade { grid-template-columns: minmax(0, 2fr) minmax(0, 1fr); } }
figure.grafico img#tendencia-saldo { width: 100%; }
ul#produtos-status { list-style: none; padding: 0; margin: 0 0 0.5rem; display: grid; gap: 0.4rem; }
`;
