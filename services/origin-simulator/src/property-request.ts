import type { OriginSample } from '@regapi/origin';

/**
 * The request body of a property product (record view, certificate) for one of the simulator's sample owners: their
 * CPF/CNPJ and their `which`-th property, or another `matricula` at the same office (a fault's magic number).
 */
export function propertyRequest(
  owner: OriginSample | undefined,
  options: { readonly which?: number; readonly matricula?: string } = {},
): Record<string, unknown> {
  const imovel = owner?.imoveis[options.which ?? 0];
  if (owner === undefined || imovel === undefined) throw new Error('no such sample property');
  return {
    cpf_cnpj: owner.cpfCnpj,
    imovel_matricula: options.matricula ?? imovel.matricula,
    imovel_cartorio: imovel.cartorioNumero,
    imovel_municipio: imovel.cartorioMunicipio,
    imovel_uf: imovel.cartorioUf,
  };
}
