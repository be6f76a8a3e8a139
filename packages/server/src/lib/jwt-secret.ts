import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { ensureDataDir, makePrivateIfPresent } from './data-dir.ts';

const SECRET_FILE = 'jwt-secret';

/**
 * JWT_SECRET when set; otherwise a random secret generated once and kept in DATA_DIR (mode 600), so
 * sessions survive restarts. Several instances behind a load balancer must share JWT_SECRET instead.
 */
export function resolveJwtSecret(configured: string | undefined, dataDir: string): string {
  if (configured) return configured;
  const file = path.join(dataDir, SECRET_FILE);
  ensureDataDir(dataDir);
  try {
    fs.writeFileSync(file, crypto.randomBytes(48).toString('base64url'), { flag: 'wx', mode: 0o600 });
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code !== 'EEXIST') throw e;
    makePrivateIfPresent(file); // kept by an older version with a wider mode
  }
  const secret = fs.readFileSync(file, 'utf8').trim();
  if (secret.length < 32) throw new Error(`${file} holds a secret shorter than 32 characters; delete it to regenerate`);
  return secret;
}
