import { formatCpfCnpj, formatReaisBrasil } from '@regapi/br';
import type { SimOffice } from '../world/offices';
import type { Party, Role, SimAct, SimRecord } from '../world/records';
import type { SimWorld } from '../world/world';
import type { Paragraph } from './text-layout';

/** `12345` → `12.345`, as registries print record numbers. */
export function formatMatricula(matricula: string): string {
  return matricula.replace(/\B(?=(\d{3})+(?!\d))/g, '.');
}

export function brDate(iso: string): string {
  const [year, month, day] = iso.slice(0, 10).split('-');
  return `${day}/${month}/${year}`;
}

function formatCnmMasked(cnm: string): string {
  return `${cnm.slice(0, 6)}.${cnm.slice(6, 7)}.${cnm.slice(7, 14)}-${cnm.slice(14)}`;
}

/**
 * The full content of a record as the registry writes it (Lei 6.015/1973): the property, then every act in order,
 * R-n for registrations and AV-n for annotations, each dated and naming the parties with their documents.
 */
export function recordParagraphs(world: SimWorld, office: SimOffice, record: SimRecord): Paragraph[] {
  const numero = formatMatricula(record.matricula);
  const paragraphs: Paragraph[] = [
    { text: office.nome, size: 13, bold: true, center: true },
    { text: `${office.municipio} - ${office.uf} - CNS ${office.cns}`, size: 9, center: true },
    { text: 'LIVRO Nº 2 - REGISTRO GERAL', size: 11, bold: true, center: true, gap: 8 },
    { text: `MATRÍCULA Nº ${numero}`, size: 12, bold: true, gap: 10 },
    { text: `CNM: ${formatCnmMasked(record.cnm)} - Aberta em ${brDate(record.abertaEm)}`, size: 9 },
  ];
  if (record.matriculaAnterior) {
    paragraphs.push({
      text: `Matrícula aberta por transporte da matrícula nº ${formatMatricula(record.matriculaAnterior)}, que fica encerrada.`,
      size: 9,
    });
  }
  const p = record.property;
  const area =
    p.tipo === 'Imóvel rural' ? `${(p.areaM2 / 10_000).toFixed(2).replace('.', ',')} ha` : `${p.areaM2},00 m²`;
  paragraphs.push({
    text: `IMÓVEL: ${p.tipo} situado em ${p.endereco}, com área de ${area}, confrontando ${p.confrontacoes}.`,
    gap: 8,
  });
  for (const act of record.acts) paragraphs.push({ text: actText(world, record, act), gap: 6 });
  return paragraphs;
}

function actText(world: SimWorld, record: SimRecord, act: SimAct): string {
  const head = `${act.numero}/${formatMatricula(record.matricula)} - Em ${brDate(act.date)} -`;
  const value = act.valorCentavos === null ? '' : ` Valor: R$ ${formatReaisBrasil(act.valorCentavos)}.`;
  const who = (role: Role) =>
    partiesText(
      world,
      act.parties.filter((party) => party.role === role),
    );
  switch (act.type) {
    case 'COMPRA_E_VENDA':
      return `${head} COMPRA E VENDA. Transmitente(s): ${who('TRANSMITENTE')}${spouses(world, act, 'TRANSMITENTE')}. Adquirente(s): ${who('ADQUIRENTE')}${spouses(world, act, 'ADQUIRENTE')}.${value}`;
    case 'HIPOTECA':
      return `${head} HIPOTECA em primeiro grau em favor de ${who('CREDOR')}. Devedor(es): ${who('DEVEDOR')}${cosigners(world, act)}.${value}`;
    case 'ALIENACAO_FIDUCIARIA':
      return `${head} ALIENAÇÃO FIDUCIÁRIA em garantia (Lei 9.514/1997) em favor de ${who('CREDOR')}. Fiduciante(s): ${who('DEVEDOR')}${cosigners(world, act)}.${act.parties.some((x) => x.role === 'FIADOR') ? ` Fiador: ${who('FIADOR')}.` : ''}${value}`;
    case 'PENHORA':
      return `${head} PENHORA determinada nos autos de execução movida por ${who('EXEQUENTE')} contra ${who('EXECUTADO')}.${value}`;
    case 'USUFRUTO':
      return `${head} USUFRUTO vitalício instituído em favor de ${who('USUFRUTUARIO')}.`;
    case 'CASAMENTO':
      return `${head} AVERBAÇÃO DE CASAMENTO do proprietário ${who('PROPRIETARIO')} com ${who('CONJUGE')}, regime da comunhão parcial de bens.`;
    case 'CONSTRUCAO':
      return `${head} AVERBAÇÃO DE CONSTRUÇÃO, conforme habite-se expedido pela Prefeitura Municipal.`;
    case 'CANCELAMENTO':
      return `${head} CANCELAMENTO do ${act.cancels ?? 'ato anterior'}, por autorização do credor.`;
  }
}

function spouses(world: SimWorld, act: SimAct, role: Role): string {
  // A spouse follows the party they are married to in the list of parties.
  const index = act.parties.findIndex((party) => party.role === role);
  const next = act.parties[index + 1];
  return next?.role === 'CONJUGE' ? `, casado(a) com ${partiesText(world, [next])}` : '';
}

function cosigners(world: SimWorld, act: SimAct): string {
  const spouse = act.parties.filter((party) => party.role === 'CONJUGE');
  return spouse.length > 0 ? `, e seu cônjuge ${partiesText(world, spouse)}` : '';
}

function partiesText(world: SimWorld, parties: readonly Party[]): string {
  return parties
    .map((party) => {
      const person = world.personById(party.personId);
      if (!person) return 'parte não identificada';
      const label = person.kind === 'cpf' ? 'CPF' : 'CNPJ';
      return `${person.nome.toUpperCase()}, ${label} ${formatCpfCnpj(person.doc) ?? person.doc}`;
    })
    .join('; ');
}
