import fs from 'node:fs';
import path from 'node:path';

/**
 * Which server folders reach which tables (docs/ARCHITECTURE.md, "Un dueño por tabla"): every table is read and
 * written by exactly one folder of `data/`. Used by data/table-owners.test.ts and `npm run check:tablas`.
 *
 * A module reaches a table when its code names it where Kysely takes a table: the first argument of
 * selectFrom, insertInto, replaceInto, updateTable, deleteFrom, mergeInto, using, with and every …Join (aliased
 * 'inscriptos as i' too), a column qualified by it ('sorteos.id'), sql.table / sql.ref / sql.raw, and any
 * word of an `sql` template's text. Comments do not count; type names do not either (a query builder's type
 * argument names a table without reaching it). A table argument that is a variable is reported as dynamic:
 * only db/ (the backup's dump, the migrations) enumerates tables generically.
 */

const SERVER_SRC = path.resolve(import.meta.dirname, '..');

/** The tables: the row types of db/schema.ts, and those the migrations create outside them (SQLite's FTS). */
export function knownTables(src = SERVER_SRC): string[] {
  const schema = fs.readFileSync(path.join(src, 'db/schema.ts'), 'utf8');
  const db = /export interface DB \{([^}]*)\}/.exec(schema)?.[1] ?? '';
  const tables = new Set([...db.matchAll(/^\s*(\w+):/gm)].map((m) => m[1]!));
  for (const file of fs.readdirSync(path.join(src, 'db'))) {
    if (!/^migration.*\.ts$/.test(file) || file.endsWith('.test.ts')) continue;
    const text = fs.readFileSync(path.join(src, 'db', file), 'utf8');
    for (const m of text.matchAll(/create\s+(?:virtual\s+)?table\s+(?:if\s+not\s+exists\s+)?"?(\w+)/gi)) {
      tables.add(m[1]!);
    }
    for (const m of text.matchAll(/\.createTable\(\s*'(\w+)'/g)) tables.add(m[1]!);
  }
  return [...tables].sort();
}

/** The code with comments blanked out (strings, templates and regular expressions kept as they are). */
function withoutComments(code: string): string {
  let out = '';
  let i = 0;
  /** Whether a `/` here starts a regular expression (after an operator or an opening), not a division. */
  const regexAllowed = () => {
    const before = out.trimEnd();
    return before === '' || /[(,=:[!&|?{};+\-*%<>~^]$/.test(before) || /\b(return|typeof|case|in|of)$/.test(before);
  };
  const copyQuoted = (quote: string) => {
    out += code[i++];
    while (i < code.length && code[i] !== quote) {
      if (code[i] === '\\') out += code[i++];
      if (quote !== '`' || code[i] !== '$' || code[i + 1] !== '{') {
        out += code[i++] ?? '';
        continue;
      }
      // A template's ${…}: code again, up to its closing brace.
      out += '${';
      i += 2;
      let depth = 1;
      while (i < code.length && depth > 0) {
        if (code[i] === '{') depth++;
        else if (code[i] === '}' && --depth === 0) break;
        if (code[i] === "'" || code[i] === '"' || code[i] === '`') copyQuoted(code[i]!);
        else out += code[i++];
      }
      out += code[i++] ?? '';
    }
    out += code[i++] ?? '';
  };
  while (i < code.length) {
    const c = code[i]!;
    const next = code[i + 1];
    if (c === '/' && next === '/') {
      while (i < code.length && code[i] !== '\n') i++;
    } else if (c === '/' && next === '*') {
      const end = code.indexOf('*/', i + 2);
      const stop = end < 0 ? code.length : end + 2;
      out += code.slice(i, stop).replace(/[^\n]/g, ' ');
      i = stop;
    } else if (c === "'" || c === '"' || c === '`') {
      copyQuoted(c);
    } else if (c === '/' && regexAllowed()) {
      out += code[i++];
      let inClass = false;
      while (i < code.length && (code[i] !== '/' || inClass) && code[i] !== '\n') {
        if (code[i] === '\\') out += code[i++];
        else if (code[i] === '[') inClass = true;
        else if (code[i] === ']') inClass = false;
        out += code[i++] ?? '';
      }
      out += code[i++] ?? '';
    } else {
      out += code[i++];
    }
  }
  return out;
}

const TABLE_ARGUMENT =
  /\.(selectFrom|insertInto|replaceInto|updateTable|deleteFrom|mergeInto|using|with|withRecursive|innerJoin|leftJoin|rightJoin|fullJoin|crossJoin|innerJoinLateral|leftJoinLateral|crossJoinLateral)\(\s*/g;
const LITERAL = /'([^'\\\n]*)'|"([^"\\\n]*)"|`([^`$\\]*)`/y;

/** The `sql` templates' text (their ${…} parts left out), found after each `sql` or `sql<…>` tag. */
function sqlTemplates(code: string): string[] {
  const texts: string[] = [];
  for (const m of code.matchAll(/\bsql\s*(?=[<`])/g)) {
    let i = m.index + m[0].length;
    if (code[i] === '<') {
      let depth = 0;
      for (; i < code.length; i++) {
        if (code[i] === '<') depth++;
        else if (code[i] === '>' && code[i - 1] !== '=' && --depth === 0) break;
      }
      i++;
    }
    if (code[i] !== '`') continue;
    let text = '';
    for (i++; i < code.length && code[i] !== '`'; i++) {
      if (code[i] === '\\') {
        text += code[i++]! + (code[i] ?? '');
      } else if (code[i] === '$' && code[i + 1] === '{') {
        let depth = 0;
        for (; i < code.length; i++) {
          if (code[i] === '{') depth++;
          else if (code[i] === '}' && --depth === 0) break;
          else if (code[i] === '`') i = code.indexOf('`', i + 1);
        }
        text += ' ';
      } else {
        text += code[i];
      }
    }
    texts.push(text);
  }
  return texts;
}

export interface References {
  tables: Set<string>;
  /** Calls whose table is a variable, e.g. `selectFrom(table)`: the check cannot tell which table. */
  dynamic: string[];
}

/** The tables a module's source reaches (see the top of this file). */
export function tableReferences(source: string, tables: readonly string[]): References {
  const code = withoutComments(source);
  const known = new Set(tables);
  const found = new Set<string>();
  const dynamic: string[] = [];
  const nameOf = (literal: string) => /^\s*(\w+)(?:\s+as\s+\w+)?\s*$/.exec(literal)?.[1];
  const addWords = (text: string) => {
    for (const w of text.match(/\w+/g) ?? []) if (known.has(w)) found.add(w);
  };

  for (const m of code.matchAll(TABLE_ARGUMENT)) {
    let i = m.index + m[0].length;
    const array = code[i] === '[';
    if (array) i++;
    let literals = 0;
    for (;;) {
      while (/[\s,]/.test(code[i] ?? '')) i++;
      LITERAL.lastIndex = i;
      const lit = LITERAL.exec(code);
      if (!lit) break;
      literals++;
      const name = nameOf(lit[1] ?? lit[2] ?? lit[3] ?? '');
      if (name && known.has(name)) found.add(name);
      i = LITERAL.lastIndex;
      if (!array) break;
    }
    if (!literals && /^[A-Za-z_$][\w$]*\s*[,)]/.test(code.slice(i))) {
      dynamic.push(`${m[1]}(${/^[\w$]+/.exec(code.slice(i))![0]})`);
    }
  }
  // Columns qualified by a table, anywhere: 'sorteos.id', "inscriptos.rowid as k".
  for (const m of code.matchAll(/['"`](\w+)\.(?:\w+|\*)(?:\s+as\s+\w+)?['"`]/g)) {
    if (known.has(m[1]!)) found.add(m[1]!);
  }
  for (const m of code.matchAll(/\bsql\.(?:table|ref|raw|id)\(\s*(['"`])([^'"`]*)\1/g)) addWords(m[2]!);
  for (const text of sqlTemplates(code)) addWords(text);
  return { tables: found, dynamic };
}

/**
 * The folder a source file counts for: its owner or feature or area (`data/inscriptos`, `features/sorteo`,
 * `domain/duplicados`, `cli/seed`), a top-level folder (`lib`), or a root file (`app.ts`).
 */
function folderOf(relative: string): string {
  const parts = relative.split('/');
  if (parts.length === 1) return parts[0]!;
  return parts.length > 2 && ['data', 'domain', 'features', 'cli'].includes(parts[0]!)
    ? `${parts[0]}/${parts[1]}`
    : parts[0]!;
}

export interface TableOwners {
  /** Each table and the folders that reach it. */
  owners: Map<string, Set<string>>;
  /** What breaks the rule, one line each: a table reached outside data/ or from two folders, a dynamic table. */
  problems: string[];
}

function sourceFiles(dir: string, out: string[] = []): string[] {
  for (const e of fs.readdirSync(dir, { withFileTypes: true })) {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) sourceFiles(p, out);
    else if (/\.(ts|js)$/.test(e.name) && !/\.test\.ts$/.test(e.name)) out.push(p);
  }
  return out;
}

/**
 * Scans the server's production source outside db/ (the schema's owner, which enumerates every table for the
 * backup) and test support. `extra` adds virtual files (path → source) for the check's own test.
 */
export function tableOwners(src = SERVER_SRC, extra: Record<string, string> = {}): TableOwners {
  const tables = knownTables(src);
  const owners = new Map<string, Set<string>>(tables.map((t) => [t, new Set()]));
  const problems: string[] = [];
  const files = Object.fromEntries(
    sourceFiles(src)
      .map((f) => path.relative(src, f).split(path.sep).join('/'))
      .filter((f) => !f.startsWith('db/') && !f.startsWith('test/'))
      .map((f) => [f, fs.readFileSync(path.join(src, f), 'utf8')]),
  );
  for (const [file, source] of Object.entries({ ...files, ...extra })) {
    const refs = tableReferences(source, tables);
    for (const t of refs.tables) owners.get(t)!.add(folderOf(file));
    for (const d of refs.dynamic) problems.push(`${file}: ${d} names no table (only db/ enumerates tables)`);
  }
  for (const [table, folders] of owners) {
    const outside = [...folders].filter((f) => !f.startsWith('data/')).sort();
    const data = [...folders].filter((f) => f.startsWith('data/')).sort();
    if (outside.length) problems.push(`${table}: reached outside data/ from ${outside.join(', ')}`);
    if (data.length > 1) problems.push(`${table}: reached from ${data.length} data folders (${data.join(', ')})`);
  }
  return { owners, problems };
}
