/**
 * A token's environment (issue 17, docs/decisions/0099): `producao` reaches the registry and moves real money;
 * `teste` runs in the sandbox — the origin simulator, a balance that refills itself, its own database — and never
 * touches either.
 */
export const AMBIENTES = ['producao', 'teste'] as const;
export type Ambiente = (typeof AMBIENTES)[number];

/** The header every authenticated answer carries, naming its token's environment. */
export const AMBIENTE_HEADER = 'X-Regapi-Ambiente';

export function isAmbiente(value: unknown): value is Ambiente {
  return value === 'producao' || value === 'teste';
}
