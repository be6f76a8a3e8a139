/**
 * `npm run dev`: the API with --watch on :3000 and the Vite dev server on :5173 (proxying /api).
 * Ctrl+C stops both.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const children: ChildProcess[] = [
  spawn(process.execPath, ['--watch', 'packages/server/src/main.ts'], { cwd: root, stdio: 'inherit' }),
  spawn('npm', ['run', 'dev', '-w', '@inscripciones/web'], { cwd: root, stdio: 'inherit' }),
];

const stop = () => {
  for (const child of children) child.kill('SIGTERM');
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
for (const child of children) child.on('exit', (code) => (code ? (stop(), process.exit(code)) : undefined));
