import type { WatchImovel } from '@regapi/contracts';
import type { FoundProperty } from '../order-result';
import { compareText } from './canonical-json';

/**
 * What identifies a finding of the preliminary search (contract 2.4 `imoveis[]`, decision 0162): the office — its CNS,
 * the national registry of offices, else UF + municipality + office number — and the record number, compared without
 * masks and leading zeros (`012.345` is `12345`). The flags (`sem_resposta`, `coleta_incompleta`) and the office's
 * spelling are not identity: they change between runs of the same record. A row without a record number ("não
 * informada") is still a record; rows of one office without a number are told apart only by how many there are.
 */
export function propertyKey(property: FoundProperty): string {
  return `${officeKey(property)}|${matriculaKey(property.matricula)}`;
}

function officeKey(property: FoundProperty): string {
  const cns = (property.cartorio_cns ?? '').replace(/\D/g, '');
  if (cns !== '') return `cns:${cns}`;
  const municipio = (property.cartorio_municipio ?? '')
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toUpperCase()
    .replace(/\s+/g, ' ')
    .trim();
  return `cartorio:${(property.cartorio_uf ?? '').toUpperCase()}/${municipio}/${property.cartorio_numero ?? ''}`;
}

function matriculaKey(matricula: string | null | undefined): string {
  const bare = (matricula ?? '').replace(/[^0-9A-Za-z]/g, '').replace(/^0+(?=.)/, '');
  return bare === '' ? '?' : bare.toUpperCase();
}

export function watchImovel(property: FoundProperty): WatchImovel {
  return {
    chave: propertyKey(property),
    matricula: property.matricula ?? null,
    cartorio_cns: property.cartorio_cns ?? null,
    cartorio_numero: property.cartorio_numero ?? null,
    cartorio_nome: property.cartorio_nome ?? null,
    cartorio_municipio: property.cartorio_municipio ?? null,
    cartorio_uf: property.cartorio_uf ?? null,
  };
}

/**
 * The findings of `after` not in `before`, as a multiset by key: a key present twice before and three times after
 * (three records without a number in one office) is one new finding. Sorted by key.
 */
export function propertiesOnlyIn(
  after: readonly FoundProperty[],
  before: readonly FoundProperty[],
): readonly WatchImovel[] {
  const remaining = new Map<string, number>();
  for (const property of before) {
    const key = propertyKey(property);
    remaining.set(key, (remaining.get(key) ?? 0) + 1);
  }
  const only: WatchImovel[] = [];
  for (const property of after) {
    const key = propertyKey(property);
    const left = remaining.get(key) ?? 0;
    if (left > 0) remaining.set(key, left - 1);
    else only.push(watchImovel(property));
  }
  return only.sort((a, b) => compareText(a.chave, b.chave) || compareText(canonicalName(a), canonicalName(b)));
}

/** A tie-break for equal keys (several unnumbered records of one office): their order must not depend on the input. */
function canonicalName(imovel: WatchImovel): string {
  return JSON.stringify([imovel.cartorio_nome, imovel.cartorio_municipio, imovel.matricula]);
}
