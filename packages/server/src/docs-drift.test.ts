import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * The folder lists the docs give (docs/ARCHITECTURE.md and packages/shared/README.md) are the folders there
 * are: a new feature, owner, area or shared folder fails here until the docs name it, and a name the docs keep
 * after its folder went fails too.
 */
const ROOT = path.resolve(import.meta.dirname, '../../..');
const read = (rel: string) => fs.readFileSync(path.join(ROOT, rel), 'utf8');
const ARCHITECTURE = read('docs/ARCHITECTURE.md');

function folders(rel: string): string[] {
  return fs
    .readdirSync(path.join(ROOT, rel), { withFileTypes: true })
    .filter((d) => d.isDirectory())
    .map((d) => d.name)
    .sort();
}

/** The text from the line that starts with `start` to the next list item, heading or blank line. */
function block(doc: string, start: string): string {
  const from = doc.indexOf(`\n${start}`);
  expect(from, `docs/ARCHITECTURE.md has a part starting "${start}"`).toBeGreaterThanOrEqual(0);
  const rest = doc.slice(from + 1);
  const end = rest.slice(1).search(/\n(?:- |#|\*\*|\n)/);
  return end < 0 ? rest : rest.slice(0, end + 1);
}

const ticked = (text: string) => [...text.matchAll(/`([^`\n]+)`/g)].map((m) => m[1]!);
/** Backticked bare folder names (`plazas`, `informe-datos`). */
const names = (text: string) => [...new Set(ticked(text).filter((t) => /^[a-z][a-z-]*$/.test(t)))].sort();
/** Backticked paths' first folders (`ciclos/ciclo-scope.ts`, `duplicados/`). */
const firstFolders = (text: string) => new Set(ticked(text).flatMap((t) => /^([a-z][a-z-]*)\//.exec(t)?.[1] ?? []));

describe('the docs name the folders there are', () => {
  it("ARCHITECTURE's server features are the folders of packages/server/src/features", () => {
    const features = block(ARCHITECTURE, '- `src/features/<feature>/`');
    expect(names(features.slice(features.indexOf('Features:')))).toEqual(folders('packages/server/src/features'));
  });

  it("ARCHITECTURE's table of owners lists the folders of packages/server/src/data", () => {
    const owners = [...ARCHITECTURE.matchAll(/^ {2}\| `([a-z-]+)` \|/gm)].map((m) => m[1]!).sort();
    expect(owners).toEqual(folders('packages/server/src/data'));
  });

  it('ARCHITECTURE names every area of packages/server/src/domain and every command folder of src/cli', () => {
    const domain = firstFolders(block(ARCHITECTURE, '- `src/domain/<área>/`'));
    expect(folders('packages/server/src/domain').filter((f) => !domain.has(f))).toEqual([]);
    const roots = firstFolders(block(ARCHITECTURE, '- Raíces:'));
    expect(folders('packages/server/src/cli').filter((f) => !roots.has(f))).toEqual([]);
  });

  it("ARCHITECTURE's web features are the folders of packages/web/src/features", () => {
    const web = block(ARCHITECTURE, '**Web.**');
    const list = web.slice(web.indexOf('(páginas cargadas de forma diferida:'), web.indexOf(').'));
    expect(names(list)).toEqual(folders('packages/web/src/features'));
  });

  it("the shared package's README names each of its folders, and no other", () => {
    const readme = firstFolders(read('packages/shared/README.md'));
    expect([...readme].sort()).toEqual(folders('packages/shared/src'));
  });
});
