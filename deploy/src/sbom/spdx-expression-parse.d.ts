// spdx-expression-parse ships no types; bom.ts only needs it to throw on what is not an SPDX expression.
declare module 'spdx-expression-parse' {
  function parse(expression: string): unknown;
  export = parse;
}
