/**
 * The acts of a record's text layer (decision 0162). Lei 6.015/1973 art. 232 numbers every entry of a record in one
 * sequence, registrations prefixed `R` and annotations `AV`, each with the record's number: registries and the
 * simulator print them as `R.1/1.234`, `R-3/91.374`, `AV.2`, `Av-04 - 12.345`, `R. 5`, `AV 6:`. A heading is such a
 * label at the start of a line, followed by the end of the line, a dash, colon or period, or the act's date or
 * protocol. A mention inside an act ("cancelamento do R-3, ...") that a line wrap puts at a line start is not one:
 * it is followed by other text, or its number does not go past the last heading of its kind.
 */

export interface RecordAct {
  /** `R.5`, `AV.2`: the canonical label, whatever the record's spelling. */
  readonly label: string;
  readonly kind: 'R' | 'AV';
  readonly numero: number;
  /** The act's text from its heading on, page furniture removed, whitespace collapsed. */
  readonly text: string;
}

export interface RecordActs {
  /** The record's opening (office, number, the property) before the first act; compared only when no act is found. */
  readonly opening: string;
  readonly acts: readonly RecordAct[];
}

const LABEL = /^\s*(R|AV)\s*[.\-–]?\s*0*(\d{1,4})/i;
/** The record's number after the act's: `/1234`, `/91.374`, `-12.345`, `/M.1.234`. */
const RECORD_NUMBER = /^\s*[/\-–]\s*(?:M\.?\s*)?\d[\d.]*(?:-\d)?/i;
/** After a bare label: the end of the line, a dash, colon or period, or the act's date, protocol or kind. */
const AFTER_BARE = /^(?:\s*$|\s*[-–—:.]|\s+(?:em|data|prot|averba|registr)\b)/i;
/** After a label with its record number (`R.4/1234`): anything but the punctuation of a sentence that goes on. */
const AFTER_NUMBERED = /^(?:\s*$|\s)(?!\s*[,;)])/;

function headingOf(line: string): { readonly kind: 'R' | 'AV'; readonly numero: number } | undefined {
  const label = LABEL.exec(line);
  if (!label || label[1] === 'r') return undefined; // a lower-case "r." opens a sentence, not an act
  const rest = line.slice(label[0].length);
  const numbered = RECORD_NUMBER.exec(rest);
  // `R.1 - 12/03/1983 - …` reads as a record number `- 12` then `/03…`: the bare label's rule decides it.
  const isHeading = (numbered !== null && AFTER_NUMBERED.test(rest.slice(numbered[0].length))) || AFTER_BARE.test(rest);
  if (!isHeading) return undefined;
  return { kind: label[1]?.toUpperCase() === 'R' ? 'R' : 'AV', numero: Number(label[2]) };
}

/**
 * Lines the portal or the page adds and the registry did not write: page counters, the view's no-public-faith notice,
 * the order's stamp, issuance stamps, a bare page number. They differ between two views of the same record.
 */
const FURNITURE: readonly RegExp[] = [
  /\bp[áa]g(?:ina|\.)?\s*\d+\s*(?:de|\/)\s*\d+/i,
  /sem\s+f[ée]\s+p[úu]blica/i,
  /^\s*pedido\s+(?:n[º°o.]*\s*)?\d{6,}/i,
  /^\s*(?:emitid[oa]|gerad[oa]|impress[oa])\s+em\s+\d{2}\/\d{2}\/\d{4}/i,
  /^\s*-?\s*\d{1,3}\s*-?\s*$/,
];

export function isPageFurniture(line: string): boolean {
  return FURNITURE.some((pattern) => pattern.test(line));
}

export function splitActs(text: string): RecordActs {
  const opening: string[] = [];
  const acts: { label: string; kind: 'R' | 'AV'; numero: number; lines: string[] }[] = [];
  const last = { R: 0, AV: 0 };
  for (const line of text.split(/\r?\n/)) {
    if (isPageFurniture(line)) continue;
    const heading = headingOf(line);
    if (heading && heading.numero > last[heading.kind]) {
      const { kind, numero } = heading;
      last[kind] = numero;
      acts.push({ label: `${kind}.${numero}`, kind, numero, lines: [line] });
    } else {
      (acts.at(-1)?.lines ?? opening).push(line);
    }
  }
  return {
    opening: collapse(opening),
    acts: acts.map((act) => ({ label: act.label, kind: act.kind, numero: act.numero, text: collapse(act.lines) })),
  };
}

/** Line wraps and spacing are layout, not content: a rewrapped act is the same act. */
function collapse(lines: readonly string[]): string {
  return lines.join(' ').replace(/\s+/g, ' ').trim();
}
