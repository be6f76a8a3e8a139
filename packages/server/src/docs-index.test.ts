import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * docs/decisions/README.md indexes every decision record. This keeps it honest: every decision file has a
 * row with its own title, every row points at a file that exists, every number from 0001 to the highest has a
 * row (a number without a decision says "no usado"), and the next free number is the highest plus one.
 */
const DIR = path.resolve(import.meta.dirname, '../../../docs/decisions');

const DECISION_FILE = /^(\d{4})-.+\.md$/;
const HEADING = /^# (\d{4}) — (.+)$/;
const FIRST_CELL = /^(?:\[(\d{4})\]\(([^)\s]+)\)|(\d{4}))$/;
const STATUS = /^(?:vigente|no usado|(?:parcialmente )?reemplazada por (\d{4}(?:, \d{4})*))$/;
const NEXT_FREE = /próximo número libre es (\d{4})/;
const UNUSED = 'no usado';

interface Row {
  line: number;
  number: string;
  file: string | null;
  title: string;
  status: string;
}

const pad = (n: number) => String(n).padStart(4, '0');

/** The index's rows: table lines whose first cell is a number, linked to its file or bare (an unused number). */
function indexRows(readme: string): { rows: Row[]; problems: string[] } {
  const rows: Row[] = [];
  const problems: string[] = [];
  readme.split('\n').forEach((text, i) => {
    const cells = /^\|(.*)\|\s*$/
      .exec(text)?.[1]
      ?.split('|')
      .map((cell) => cell.trim());
    const first = cells && FIRST_CELL.exec(cells[0]!);
    if (!cells || !first) return;
    if (cells.length !== 4) {
      problems.push(`README line ${i + 1}: ${cells.length} cells, expected 4 (N°, Título, De qué trata, Estado)`);
      return;
    }
    rows.push({
      line: i + 1,
      number: first[1] ?? first[3]!,
      file: first[2] ?? null,
      title: cells[1]!,
      status: cells[3]!,
    });
  });
  return { rows, problems };
}

/** Everything wrong between the index and the decision files (file name → its text); empty when they agree. */
function indexProblems(readme: string, files: ReadonlyMap<string, string>): string[] {
  const { rows, problems } = indexRows(readme);
  if (!rows.length) return ['README: no index rows found (| [NNNN](file.md) | Título | De qué trata | Estado |)'];

  const decisions = new Map<string, { file: string; title: string | null }>();
  for (const [file, text] of files) {
    const number = DECISION_FILE.exec(file)?.[1];
    if (!number) continue;
    const heading = HEADING.exec(text.split('\n', 1)[0]!);
    if (!heading) problems.push(`${file}: the first line is not "# ${number} — Título"`);
    else if (heading[1] !== number) problems.push(`${file}: its heading says ${heading[1]}`);
    const other = decisions.get(number);
    if (other) problems.push(`${file} and ${other.file} share the number ${number}`);
    decisions.set(number, { file, title: heading?.[2] ?? null });
  }

  const byNumber = new Map<string, Row>();
  for (const row of rows) {
    const where = `README line ${row.line} (${row.number})`;
    if (byNumber.has(row.number)) problems.push(`${where}: a second row for ${row.number}`);
    byNumber.set(row.number, row);
    const decision = decisions.get(row.number);
    const status = STATUS.exec(row.status);
    if (!status)
      problems.push(`${where}: status "${row.status}" is not vigente, no usado or (parcialmente) reemplazada por NNNN`);
    for (const later of status?.[1]?.split(', ') ?? []) {
      if (!decisions.has(later)) problems.push(`${where}: replaced by ${later}, which is no decision file`);
      else if (later <= row.number) problems.push(`${where}: replaced by ${later}, which is not a later decision`);
    }
    if (row.status === UNUSED) {
      if (decision) problems.push(`${where}: marked "${UNUSED}" but ${decision.file} exists`);
      if (row.file) problems.push(`${where}: marked "${UNUSED}" but links to ${row.file}`);
      continue;
    }
    if (!row.file) {
      problems.push(`${where}: no link to its file (an unused number says "${UNUSED}")`);
      continue;
    }
    if (!files.has(row.file)) problems.push(`${where}: links to ${row.file}, which does not exist`);
    else if (!row.file.startsWith(`${row.number}-`)) problems.push(`${where}: links to ${row.file}, another number`);
    else if (decision && decision.title !== null && row.title !== decision.title) {
      problems.push(`${where}: title "${row.title}" but ${row.file} says "${decision.title}"`);
    }
  }

  for (const { file } of decisions.values()) {
    if (![...byNumber.values()].some((row) => row.file === file)) problems.push(`${file}: no row in the index`);
  }

  const highest = Math.max(...[...byNumber.keys(), ...decisions.keys()].map(Number));
  for (let n = 1; n <= highest; n++) {
    if (!byNumber.has(pad(n))) problems.push(`${pad(n)}: skipped without a "${UNUSED}" row`);
  }

  const next = NEXT_FREE.exec(readme)?.[1];
  if (next !== pad(highest + 1)) {
    problems.push(
      `README: the next free number is ${pad(highest + 1)}, it says ${next ?? 'nothing ("próximo número libre es NNNN")'}`,
    );
  }
  return problems;
}

function readDecisions(): { readme: string; files: Map<string, string> } {
  const files = new Map<string, string>();
  for (const name of fs.readdirSync(DIR)) {
    if (name.endsWith('.md')) files.set(name, fs.readFileSync(path.join(DIR, name), 'utf8'));
  }
  return { readme: files.get('README.md') ?? '', files };
}

describe('the index of decisions (docs/decisions/README.md)', () => {
  it('has a row for every decision file and for every number up to the highest, and the next free number', () => {
    const { readme, files } = readDecisions();
    expect(indexProblems(readme, files)).toEqual([]);
    expect(indexRows(readme).rows.length).toBeGreaterThanOrEqual(
      [...files.keys()].filter((f) => DECISION_FILE.test(f)).length,
    );
  });

  describe('catches', () => {
    const files = new Map([
      ['0001-uno.md', '# 0001 — Uno\n\nTexto.'],
      ['0002-dos.md', '# 0002 — Dos\n'],
      ['0004-cuatro.md', '# 0004 — Cuatro\n'],
    ]);
    const rows = [
      '| [0001](0001-uno.md) | Uno | a | parcialmente reemplazada por 0004 |',
      '| [0002](0002-dos.md) | Dos | b | vigente |',
      '| 0003 | — | c | no usado |',
      '| [0004](0004-cuatro.md) | Cuatro | d | vigente |',
    ];
    const readme = (lines: string[], next = '0005') =>
      [
        '| N° | Título | De qué trata | Estado |',
        '|---|---|---|---|',
        ...lines,
        '',
        `El próximo número libre es ${next}.`,
      ].join('\n');

    it('nothing when the index and the files agree', () => {
      expect(indexProblems(readme(rows), files)).toEqual([]);
    });

    it('a decision file without a row', () => {
      expect(indexProblems(readme(rows.filter((r) => !r.includes('0002'))), files)).toEqual([
        '0002-dos.md: no row in the index',
        '0002: skipped without a "no usado" row',
      ]);
    });

    it('a row that names a file that does not exist', () => {
      const extra = [...rows, '| [0005](0005-cinco.md) | Cinco | e | vigente |'];
      expect(indexProblems(readme(extra, '0006'), files)).toEqual([
        'README line 7 (0005): links to 0005-cinco.md, which does not exist',
      ]);
    });

    it('a skipped number without a "no usado" row, and a "no usado" number that has a file', () => {
      expect(indexProblems(readme(rows.filter((r) => !r.includes('0003'))), files)).toEqual([
        '0003: skipped without a "no usado" row',
      ]);
      const unused = rows.map((r) => (r.includes('0002') ? '| 0002 | — | b | no usado |' : r));
      expect(indexProblems(readme(unused), files)).toEqual([
        'README line 4 (0002): marked "no usado" but 0002-dos.md exists',
        '0002-dos.md: no row in the index',
      ]);
    });

    it("a title that is not the file's, an unknown status, a replacement that is not a later decision", () => {
      const wrong = [
        '| [0001](0001-uno.md) | Un | a | reemplazada por 0001 |',
        '| [0002](0002-dos.md) | Dos | b | obsoleta |',
        ...rows.slice(2),
      ];
      expect(indexProblems(readme(wrong), files)).toEqual([
        'README line 3 (0001): replaced by 0001, which is not a later decision',
        'README line 3 (0001): title "Un" but 0001-uno.md says "Uno"',
        'README line 4 (0002): status "obsoleta" is not vigente, no usado or (parcialmente) reemplazada por NNNN',
      ]);
    });

    it('a next free number that is not the highest plus one', () => {
      expect(indexProblems(readme(rows, '0004'), files)).toEqual([
        'README: the next free number is 0005, it says 0004',
      ]);
    });
  });
});
