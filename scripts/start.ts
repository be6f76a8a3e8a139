/**
 * `npm start`: builds the web app if it has not been built yet, then starts the server (which migrates
 * the database and serves the app and the API). One command on a fresh clone.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const webIndex = path.join(root, 'packages/web/dist/index.html');

if (!fs.existsSync(webIndex)) {
  console.log('Compilando la aplicación web (solo la primera vez)...');
  const build = spawnSync('npm', ['run', 'build', '-w', '@inscripciones/web'], { cwd: root, stdio: 'inherit' });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

await import('../packages/server/src/main.ts');
