import { html as ghtml } from 'ghtml';

/**
 * HTML as text (docs/decisions/0072): every `${value}` is escaped (`& < > " ' =`); only `!${value}` inserts as is,
 * and is used for nothing but the output of another `html` template. Arrays are joined, then escaped the same way.
 */
export function html(literals: TemplateStringsArray, ...values: readonly unknown[]): string {
  return ghtml(literals, ...values);
}
