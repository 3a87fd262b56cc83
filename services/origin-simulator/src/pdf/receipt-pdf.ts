import type { WireSearch } from '@regapi/origin';
import { pdfLib } from './pdf-libraries';
import { writeParagraphs } from './text-layout';

const BRASILIA = new Intl.DateTimeFormat('pt-BR', {
  timeZone: 'America/Sao_Paulo',
  dateStyle: 'short',
  timeStyle: 'medium',
});

/**
 * The origin's printed screen of a preliminary search (contract 2.4 `site_receipts`): protocol, date, what was searched and
 * what came back, for a finding and for no finding alike.
 */
export async function renderSearchReceipt(search: WireSearch): Promise<Uint8Array> {
  const pdf = await pdfLib().PDFDocument.create();
  const at = new Date(search.executada_em);
  pdf.setTitle(`Pesquisa prévia de bens - protocolo ${search.numero_pedido}`);
  pdf.setProducer('origin-simulator');
  pdf.setCreationDate(at);
  pdf.setModificationDate(at);
  const c = search.cobertura;
  await writeParagraphs(
    pdf,
    [
      { text: 'SAEC - Serviço de Atendimento Eletrônico Compartilhado (SIMULADOR)', size: 9 },
      { text: 'PESQUISA PRÉVIA DE BENS - COMPROVANTE', size: 14, bold: true, gap: 6 },
      { text: `Protocolo: ${search.numero_pedido}`, size: 11, bold: true, gap: 10 },
      { text: `Data da pesquisa: ${BRASILIA.format(at)} (horário de Brasília)` },
      { text: `UF pesquisada: ${search.uf}` },
      { text: `Documento pesquisado: ${search.pesquisado.documento}` },
      { text: `Nome: ${search.pesquisado.nome ?? 'não informado'}` },
      {
        text: `Resultado: ${search.resultado}${search.situacao === 'EM_RETENTATIVA' ? ' (parcial: retentativas pendentes)' : ''}`,
        bold: true,
        gap: 6,
      },
      ...search.linhas.map((row) => ({
        text: `Matrícula ${row.matricula} - ${row.cartorio} (CNS ${row.cns}) - ${row.municipio}/${row.uf}${row.sem_resposta ? ' - cartório sem resposta nesta pesquisa' : ''}${row.coleta_incompleta ? ' - coleta incompleta' : ''}`,
        size: 9,
      })),
      {
        text: `Cartórios: ${c.cartorios_total}; responderam: ${c.cartorios_responderam}; fora do ar: ${c.cartorios_fora_do_ar}; coleta incompleta: ${c.cartorios_coleta_incompleta}; linhas: ${c.total_linhas}; retentativas: ${c.retentativas_realizadas}.`,
        size: 9,
        gap: 8,
      },
      {
        text: 'A pesquisa prévia indica a existência de registros em nome do documento pesquisado a partir de 01/01/1976; não confirma a propriedade.',
        size: 8,
        gap: 8,
      },
    ],
    `Protocolo ${search.numero_pedido}`,
  );
  return pdf.save({ useObjectStreams: false });
}
