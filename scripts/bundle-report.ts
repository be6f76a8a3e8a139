/**
 * Prints the gzip size of the JavaScript the /login page loads (the entry chunk, its static imports
 * and the lazily loaded login page with its imports), from Vite's manifest. Budget: 200 KB.
 * Exits non-zero over budget, so `npm run build` fails rather than ship a heavier login.
 */
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';

const BUDGET_KB = 200;
const dist = path.resolve(import.meta.dirname, '../packages/web/dist');
type Chunk = { file: string; src?: string; isEntry?: boolean; imports?: string[]; dynamicImports?: string[] };
const manifest = JSON.parse(fs.readFileSync(path.join(dist, '.vite/manifest.json'), 'utf8')) as Record<string, Chunk>;

const entryKey = Object.keys(manifest).find((k) => manifest[k]!.isEntry);
const loginKey = Object.keys(manifest).find((k) => k.endsWith('features/auth/login-page.tsx'));
if (!entryKey || !loginKey) throw new Error('bundle-report: entry or login page not found in the Vite manifest');

const files = new Set<string>();
const visit = (key: string) => {
  const chunk = manifest[key]!;
  if (files.has(chunk.file)) return;
  files.add(chunk.file);
  for (const imported of chunk.imports ?? []) visit(imported);
};
visit(entryKey);
visit(loginKey);

let total = 0;
const rows = [...files].map((file) => {
  const gz = zlib.gzipSync(fs.readFileSync(path.join(dist, file)), { level: 9 }).length;
  total += gz;
  return `  ${(gz / 1024).toFixed(1).padStart(7)} KB  ${file}`;
});
const kb = total / 1024;
console.log(
  `\nJavaScript loaded by /login (gzip):\n${rows.join('\n')}\n  ${kb.toFixed(1).padStart(7)} KB  total (budget ${BUDGET_KB} KB)`,
);
if (kb > BUDGET_KB) {
  console.error(
    `bundle-report: /login loads ${kb.toFixed(1)} KB of gzipped JavaScript, over the ${BUDGET_KB} KB budget`,
  );
  process.exit(1);
}
