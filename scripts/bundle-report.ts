/**
 * Prints the bytes a browser downloads for /login: index.html, the entry chunk with its static imports,
 * the lazily loaded login page with its imports, their CSS and the favicon (from Vite's manifest), as
 * sent uncompressed, as gzip and as brotli (the `.gz`/`.br` files the build wrote, which the server
 * sends as they are). Budgets: 160 KB with brotli (every current browser), 200 KB with gzip only.
 * Exits non-zero over budget, or when a large text file lacks its compressed copies, so `npm run build`
 * fails rather than ship a heavier login.
 */
import fs from 'node:fs';
import path from 'node:path';

const BUDGET_BR_KB = 160;
const BUDGET_GZIP_KB = 200;
const dist = path.resolve(import.meta.dirname, '../packages/web/dist');
type Chunk = { file: string; isEntry?: boolean; imports?: string[]; css?: string[] };
const manifest = JSON.parse(fs.readFileSync(path.join(dist, '.vite/manifest.json'), 'utf8')) as Record<string, Chunk>;

const entryKey = Object.keys(manifest).find((k) => manifest[k]!.isEntry);
const loginKey = Object.keys(manifest).find((k) => k.endsWith('features/auth/login-page.tsx'));
if (!entryKey || !loginKey) throw new Error('bundle-report: entry or login page not found in the Vite manifest');

const files = new Set<string>(['index.html', 'favicon.svg']);
const visit = (key: string) => {
  const chunk = manifest[key]!;
  if (files.has(chunk.file)) return;
  files.add(chunk.file);
  for (const css of chunk.css ?? []) files.add(css);
  for (const imported of chunk.imports ?? []) visit(imported);
};
visit(entryKey);
visit(loginKey);

const size = (file: string) => (fs.existsSync(file) ? fs.statSync(file).size : undefined);
const missing: string[] = [];
const totals = { raw: 0, gz: 0, br: 0 };
const kb = (bytes: number) => `${(bytes / 1024).toFixed(1).padStart(7)} KB`;
const rows = [...files].map((file) => {
  const full = path.join(dist, file);
  const raw = size(full)!;
  // Files under 1 KB are left uncompressed by the build; the server then sends them as they are.
  const gz = size(`${full}.gz`) ?? raw;
  const br = size(`${full}.br`) ?? raw;
  if (raw >= 1024 && /\.(js|css|html)$/.test(file) && (gz === raw || br === raw)) missing.push(file);
  totals.raw += raw;
  totals.gz += gz;
  totals.br += br;
  return `  ${kb(raw)} ${kb(gz)} ${kb(br)}  ${file}`;
});
console.log(
  [
    '\nBytes downloaded for /login:',
    `  ${'sin comprimir'.padStart(10)} ${'gzip'.padStart(10)} ${'brotli'.padStart(10)}`,
    ...rows,
    `  ${kb(totals.raw)} ${kb(totals.gz)} ${kb(totals.br)}  total (budget: brotli ${BUDGET_BR_KB} KB, gzip ${BUDGET_GZIP_KB} KB)`,
  ].join('\n'),
);

const errors = [
  ...missing.map((file) => `${file} has no .br/.gz copy (vite-plugin-precompress did not run?)`),
  ...(totals.br / 1024 > BUDGET_BR_KB ? [`${kb(totals.br).trim()} with brotli, over ${BUDGET_BR_KB} KB`] : []),
  ...(totals.gz / 1024 > BUDGET_GZIP_KB ? [`${kb(totals.gz).trim()} with gzip, over ${BUDGET_GZIP_KB} KB`] : []),
];
for (const error of errors) console.error(`bundle-report: /login: ${error}`);
if (errors.length > 0) process.exit(1);
