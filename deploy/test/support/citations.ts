/**
 * What a file of the repository may cite (decision 0112): the contract (docs/contract.md), the design rules
 * (docs/architecture.md, "Design rules") and the decision records, all inside the clone; never the documents the
 * project was started from, which a clone does not have.
 */

/** Citations of documents outside the repository, in the forms they took before decision 0112. */
const OUTSIDE: readonly { readonly pattern: RegExp; readonly what: string }[] = [
  { pattern: /\b[Ss]pec \d/, what: 'a section of the original spec (write `contract N.N`)' },
  { pattern: /\bSPEC\.md\b|\.\.\/shared\/|\/work\/shared\b/, what: 'a path outside the repository' },
  { pattern: /\bARCHITECTURE\b/, what: 'the original design guide (write `architecture rule N`)' },
  { pattern: /\bSTYLE(?:\.md\b| (?:habit )?\d)/, what: 'the original style guide (say what the habit means)' },
  { pattern: /\bSTACK\.md\b/, what: 'the original library notes (state the trap where it bites)' },
];

/**
 * Answer texts of the API that cite the original spec and stay as they are, because a client may match them
 * (decision 0112): each exact text, with why.
 */
export const KEPT_ANSWER_TEXTS: readonly { readonly file: string; readonly text: string; readonly why: string }[] = [
  {
    file: 'libs/http/src/json-body.ts',
    text: 'envie o objeto JSON plano da spec 2.3.',
    why: 'the mensagem of the 422 for a body nested too deep',
  },
  {
    file: 'services/gateway/src/auth/token-errors.ts',
    text: 'Token na query string é recusado (spec 5.3)',
    why: 'the code_message of the 401 for a token in the query string',
  },
  {
    file: 'services/gateway/src/consultas/list-query.ts',
    text: 'codigo é um código de resultado (200 ou 6xx, spec 7.3).',
    why: 'the mensagem of the 422 for a bad codigo filter of GET /v1/consultas',
  },
];

/** The sections, rules and records that exist, read from the documents that define them. */
export interface CitationTargets {
  /** `1` … `9`, `2.1` … `2.6`, `7.3`, and `4 quote 2`, `4 execution 7` for the rules of section 4. */
  readonly contract: ReadonlySet<string>;
  readonly architectureRules: ReadonlySet<number>;
  readonly decisions: ReadonlySet<string>;
}

export function citationTargets(
  contractMd: string,
  architectureMd: string,
  decisionFiles: readonly string[],
): CitationTargets {
  const contract = new Set<string>();
  let listKind: 'quote' | 'execution' | undefined;
  for (const line of contractMd.split('\n')) {
    const section = /^## (\d+)\. /.exec(line);
    const subsection = /^### (\d+\.\d+) /.exec(line);
    const rule = /^(\d+\.\d+)\. /.exec(line);
    if (section?.[1] !== undefined) contract.add(section[1]);
    if (subsection?.[1] !== undefined) contract.add(subsection[1]);
    if (rule?.[1] !== undefined) contract.add(rule[1]);
    if (/^Quote rules:/.test(line)) listKind = 'quote';
    else if (/^Execution rules:/.test(line)) listKind = 'execution';
    else if (/^#/.test(line)) listKind = undefined;
    const item = /^(\d+)\. /.exec(line);
    if (listKind !== undefined && item?.[1] !== undefined) contract.add(`4 ${listKind} ${item[1]}`);
  }
  const designRules = architectureMd.split(/^## /m).find((part) => part.startsWith('Design rules'));
  const architectureRules = new Set(
    [...(designRules ?? '').matchAll(/^(\d+)\. \*\*/gm)].map((match) => Number(match[1])),
  );
  const decisions = new Set(decisionFiles.flatMap((file) => /^(\d{4})-/.exec(file)?.[1] ?? []));
  return { contract, architectureRules, decisions };
}

/** Numbers of a range or list as written after a citation word: `1-3`, `1 to 3`, `1 a 3`, `6, 7 and 10`. */
function numbersOf(list: string): number[] {
  const range = /^(\d+)\s*(?:-|–|to|a)\s*(\d+)$/.exec(list.trim());
  if (range) return [Number(range[1]), Number(range[2])];
  return [...list.matchAll(/\d+/g)].map((match) => Number(match[0]));
}

/** Every problem of one file's text: a citation of something outside, or of a section, rule or record that is not. */
export function citationProblems(file: string, text: string, targets: CitationTargets): string[] {
  const problems: string[] = [];
  text.split('\n').forEach((rawLine, index) => {
    const where = `${file}:${index + 1}`;
    const kept = KEPT_ANSWER_TEXTS.find((entry) => entry.file === file && rawLine.includes(entry.text));
    const line = kept ? rawLine.replace(kept.text, '') : rawLine;
    for (const { pattern, what } of OUTSIDE) {
      if (pattern.test(line)) problems.push(`${where}: cites ${what}: ${line.trim()}`);
    }
    for (const match of line.matchAll(/\b[Cc]ontract (\d+(?:\.\d+)?)(?:\s*[-–]\s*(\d+\.\d+))?/g)) {
      for (const section of [match[1], match[2]]) {
        if (section !== undefined && !targets.contract.has(section)) {
          problems.push(`${where}: contract ${section} is not a section or rule of docs/contract.md`);
        }
      }
      const after = line.slice((match.index ?? 0) + match[0].length);
      const rules =
        /^,? (quote|execution) rules? (\d+(?:\s*(?:-|–|to)\s*\d+|(?:,? (?:and )?\d+)*))/.exec(after) ??
        /^,? (regras?) de execução (\d+(?:\s*(?:a)\s*\d+)?)/.exec(after);
      if (match[1] === '4' && rules?.[1] !== undefined && rules[2] !== undefined) {
        const kind = rules[1] === 'quote' ? 'quote' : 'execution';
        for (const n of numbersOf(rules[2])) {
          if (!targets.contract.has(`4 ${kind} ${n}`)) {
            problems.push(`${where}: contract 4 has no ${kind} rule ${n}`);
          }
        }
      }
    }
    for (const match of line.matchAll(
      /\barchitecture (?:rule (\d+)|rules (\d+(?:(?:\s*[-–]\s*|,? (?:and )?)\d+)*))/g,
    )) {
      for (const n of numbersOf(match[1] ?? match[2] ?? '')) {
        if (!targets.architectureRules.has(n)) {
          problems.push(`${where}: architecture rule ${n} is not a design rule of docs/architecture.md`);
        }
      }
    }
    for (const match of line.matchAll(/\b(?:[Dd]ecisions? |docs\/decisions\/)(\d{4})\b/g)) {
      if (match[1] !== undefined && !targets.decisions.has(match[1])) {
        problems.push(`${where}: decision ${match[1]} has no record in docs/decisions`);
      }
    }
  });
  return problems;
}
