/** The three query products of contract 1.2, by their `{fonte}` path segment. */
export const FONTES = ['pesquisa-previa-bens', 'visualizacao-matricula', 'certidao-inteiro-teor'] as const;
export type Fonte = (typeof FONTES)[number];

/** Contract 5.2: a token carries one scope per product it may call. */
export type ProductScope = `consultas:${Fonte}`;

export interface Product {
  readonly fonte: Fonte;
  readonly scope: ProductScope;
  readonly nome: string;
  /** Contract 9.6: record view and certificate are beta. */
  readonly beta: boolean;
  /** Contract 8: the longest the service waits for the origin on one run. */
  readonly maxTimeoutSeconds: number;
}

export const PRODUCTS: Readonly<Record<Fonte, Product>> = Object.freeze({
  'pesquisa-previa-bens': Object.freeze({
    fonte: 'pesquisa-previa-bens',
    scope: 'consultas:pesquisa-previa-bens',
    nome: 'Pesquisa prévia de bens',
    beta: false,
    maxTimeoutSeconds: 180,
  }),
  'visualizacao-matricula': Object.freeze({
    fonte: 'visualizacao-matricula',
    scope: 'consultas:visualizacao-matricula',
    nome: 'Visualização de matrícula',
    beta: true,
    maxTimeoutSeconds: 540,
  }),
  'certidao-inteiro-teor': Object.freeze({
    fonte: 'certidao-inteiro-teor',
    scope: 'consultas:certidao-inteiro-teor',
    nome: 'Certidão de inteiro teor',
    beta: true,
    maxTimeoutSeconds: 540,
  }),
});

export function isFonte(value: unknown): value is Fonte {
  return typeof value === 'string' && (FONTES as readonly string[]).includes(value);
}

export function product(fonte: Fonte): Product {
  return PRODUCTS[fonte];
}

export function scopeOf(fonte: Fonte): ProductScope {
  return PRODUCTS[fonte].scope;
}
