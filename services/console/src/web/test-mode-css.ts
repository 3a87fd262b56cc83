/**
 * The test mode's look (docs/decisions/0146), appended to /estilo.css: while it is on the header turns amber-brown
 * and a striped banner sits under it, as Stripe marks its test mode. Contrast at least 4.5:1 (WCAG AA).
 */
export const TEST_MODE_CSS = `
form.modo-teste-chave { margin: 0 0 0 auto; padding-right: 1rem; }
form.modo-teste-chave button { white-space: nowrap; background: transparent; color: #ffffff; border: 2px solid #ffffff; }
form.modo-teste-chave button[aria-pressed=true] { background: #ffd98a; color: #4a2a00; border-color: #ffd98a; }
body.modo-teste header { background: #6b3a00; }
p.faixa-teste { margin: 0; padding: 0.6rem 1.5rem; color: #4a2a00; background: repeating-linear-gradient(135deg, #ffe7b3, #ffe7b3 12px, #ffd98a 12px, #ffd98a 24px); border-bottom: 2px solid #a35c00; }
`;
