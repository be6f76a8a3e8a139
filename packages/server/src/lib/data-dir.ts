import fs from 'node:fs';
import path from 'node:path';

/**
 * DATA_DIR holds children's data, password hashes and the session secret: only the server's own user may
 * read it. Modes are set explicitly on what the server creates (not through the process umask, which is
 * process-wide and would also change files the server writes elsewhere).
 */
const PRIVATE_DIR_MODE = 0o700;
const PRIVATE_FILE_MODE = 0o600;
const OTHERS_MASK = 0o077;

/**
 * Creates DATA_DIR with mode 0700 when missing. An existing folder is left as the operator set it;
 * the answer says whether group or others can get into it, so the server can warn.
 */
export function ensureDataDir(dir: string): { exposedMode?: number } {
  if (fs.existsSync(dir)) {
    const mode = fs.statSync(dir).mode & 0o777;
    return mode & OTHERS_MASK ? { exposedMode: mode } : {};
  }
  fs.mkdirSync(dir, { recursive: true, mode: PRIVATE_DIR_MODE });
  fs.chmodSync(dir, PRIVATE_DIR_MODE); // the umask may only narrow, but be explicit
  return {};
}

/** Mode 0600 on a file the server keeps in DATA_DIR, created empty if missing (so it is never born readable). */
export function ensurePrivateFile(file: string): void {
  fs.closeSync(fs.openSync(file, 'a', PRIVATE_FILE_MODE));
  fs.chmodSync(file, PRIVATE_FILE_MODE);
}

/** Mode 0600 on a file when it exists. */
export function makePrivateIfPresent(file: string): void {
  try {
    fs.chmodSync(file, PRIVATE_FILE_MODE);
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code !== 'ENOENT') throw e;
  }
}

/** The Spanish warning logged at start for a DATA_DIR that others can read. */
export function exposedDataDirWarning(dir: string, mode: number): string {
  return (
    `La carpeta de datos ${dir} tiene permisos ${mode.toString(8)}: otros usuarios del equipo pueden leer datos ` +
    `personales de menores y contraseñas. Restringila con: chmod 700 ${dir}`
  );
}

/** Where heavy-job processes keep Node's compile cache (lib/heavy-jobs.ts), when DATA_DIR exists. */
export function compileCacheDir(dataDir: string): string | undefined {
  return fs.existsSync(dataDir) ? path.join(dataDir, 'compile-cache') : undefined;
}
