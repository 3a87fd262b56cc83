/**
 * What an act is, in a word for the summary line ("1 ato novo: R.5 (venda)"): the first of these terms its text names
 * near its start (after the heading and date). Null when none is named: the act is still reported, only unlabelled.
 * Longer terms come before the shorter ones they contain ("alienação fiduciária" before "alienação").
 */
const NATURES: readonly (readonly [RegExp, string])[] = [
  [/\bCOMPRA E VENDA\b|\bVENDA\b/, 'venda'],
  [/\bALIENACAO FIDUCIARIA\b/, 'alienação fiduciária'],
  [/\bCONSOLIDACAO DA PROPRIEDADE\b/, 'consolidação da propriedade'],
  [/\bHIPOTECA\b/, 'hipoteca'],
  [/\bPENHORA\b/, 'penhora'],
  [/\bARRESTO\b/, 'arresto'],
  [/\bSEQUESTRO\b/, 'sequestro'],
  [/\bINDISPONIBILIDADE\b/, 'indisponibilidade'],
  [/\bCANCELAMENTO\b/, 'cancelamento'],
  [/\bDOACAO\b/, 'doação'],
  [/\bPERMUTA\b/, 'permuta'],
  [/\bPARTILHA\b|\bINVENTARIO\b/, 'partilha'],
  [/\bUSUFRUTO\b/, 'usufruto'],
  [/\bCASAMENTO\b/, 'casamento'],
  [/\bDIVORCIO\b/, 'divórcio'],
  [/\bCONSTRUCAO\b/, 'construção'],
  [/\bDEMOLICAO\b/, 'demolição'],
  [/\bDESMEMBRAMENTO\b/, 'desmembramento'],
  [/\bUNIFICACAO\b|\bFUSAO\b/, 'unificação'],
  [/\bRETIFICACAO\b/, 'retificação'],
  [/\bINCORPORACAO\b/, 'incorporação'],
  [/\bCITACAO\b/, 'citação'],
  [/\bCAUCAO\b/, 'caução'],
  [/\bSERVIDAO\b/, 'servidão'],
  [/\bLOCACAO\b/, 'locação'],
];

/** How far into the act its nature is looked for: the heading, the date and the act's name, not the parties. */
const LOOK_CHARS = 160;

export function actNature(actText: string): string | null {
  const head = actText
    .slice(0, LOOK_CHARS)
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toUpperCase();
  let best: { at: number; nature: string } | undefined;
  for (const [pattern, nature] of NATURES) {
    const at = pattern.exec(head)?.index;
    if (at !== undefined && (best === undefined || at < best.at)) best = { at, nature };
  }
  return best?.nature ?? null;
}
