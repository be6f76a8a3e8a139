import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * No source file of the product, its benchmarks or its scripts runs over 300 lines (tests and their support in
 * src/test/ aside): a longer one is split into modules named after what each part does.
 */
const ROOT = path.resolve(import.meta.dirname, '../../..');
const MAX_LINES = 300;
const PLACES = [...fs.readdirSync(path.join(ROOT, 'packages')).map((p) => `packages/${p}/src`), 'bench', 'scripts'];

function sourcesIn(dir: string, out: string[] = []): string[] {
  for (const e of fs.readdirSync(path.join(ROOT, dir), { withFileTypes: true })) {
    const rel = `${dir}/${e.name}`;
    if (e.isDirectory() && !['node_modules', 'dist'].includes(e.name) && !/^packages\/[^/]+\/src\/test$/.test(rel)) {
      sourcesIn(rel, out);
    } else if (e.isFile() && /\.(ts|tsx|js|mjs)$/.test(e.name) && !/\.test\.tsx?$/.test(e.name)) out.push(rel);
  }
  return out;
}

/** The files of `texts` over the limit, with their lines (as `wc -l` counts them). */
function overLimit(texts: Record<string, string>): string[] {
  return Object.entries(texts)
    .map(([file, text]) => [file, text.split('\n').length - (text.endsWith('\n') ? 1 : 0)] as const)
    .filter(([, lines]) => lines > MAX_LINES)
    .map(([file, lines]) => `${file}: ${lines} lines`);
}

describe('source file length', () => {
  it(`keeps every non-test source file of packages/*/src, bench/ and scripts/ within ${MAX_LINES} lines`, () => {
    const files = PLACES.filter((p) => fs.existsSync(path.join(ROOT, p))).flatMap((p) => sourcesIn(p));
    expect(files.length).toBeGreaterThan(300);
    expect(overLimit(Object.fromEntries(files.map((f) => [f, fs.readFileSync(path.join(ROOT, f), 'utf8')])))).toEqual(
      [],
    );
  });

  it('reports a file one line over the limit, and not one at it', () => {
    expect(
      overLimit({ 'a.ts': 'x\n'.repeat(301), 'b.ts': 'x\n'.repeat(300), 'c.ts': `${'x\n'.repeat(300)}x` }),
    ).toEqual(['a.ts: 301 lines', 'c.ts: 301 lines']);
  });
});
