/**
 * Declaration made TO THE REGISTRY (contract 2.3 `finalidade` / `imovel_finalidade`): 1 credit evaluation; 2 legal
 * investigation of the property and its ownership (the default); 3 the requester IS holder of a real right.
 */
export const FINALIDADES = [1, 2, 3] as const;
export type Finalidade = (typeof FINALIDADES)[number];

/** Contract 2.3: the value used when the field is absent. 3 is never a default: it is sent only when given. */
export const DEFAULT_FINALIDADE: Finalidade = 2;

export const FINALIDADE_DESCRICAO: Readonly<Record<Finalidade, string>> = Object.freeze({
  1: 'avaliação de crédito',
  2: 'investigação jurídica do imóvel e de sua titularidade',
  3: 'o solicitante é titular de direito real sobre o imóvel',
});
