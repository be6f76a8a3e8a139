import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * The personal-data boundary is the only way out (datos-personales.ts): no other production file masks an
 * enrolment or writes the access log itself, and no route does either through the boundary (its service does,
 * so a read, a write, a list, a search, a document or an export cannot forget it).
 */
const SRC = path.resolve(import.meta.dirname, '../..');
const BOUNDARY = path.join('domain', 'datos-personales', 'datos-personales.ts');

function sources(): { file: string; text: string }[] {
  return (fs.readdirSync(SRC, { recursive: true }) as string[])
    .filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts') && !f.startsWith(`test${path.sep}`))
    .map((file) => ({ file, text: fs.readFileSync(path.join(SRC, file), 'utf8') }));
}

/** The names a file imports from a module whose path ends with `from`. */
function importsOf(text: string, from: string): string[] {
  const names: string[] = [];
  for (const m of text.matchAll(/import\s+(?:type\s+)?\{([^}]*)\}\s+from\s+'([^']+)'/g)) {
    if (m[2]!.endsWith(from)) names.push(...m[1]!.split(',').map((n) => n.trim().replace(/^type\s+/, '')));
  }
  return names;
}

describe('one personal-data boundary', () => {
  const files = sources();

  it('is the only production file that masks an enrolment or writes the access log', () => {
    expect(files.length).toBeGreaterThan(100);
    const masking = files.filter((f) => importsOf(f.text, 'inscriptos/reserved-fields.ts').includes('maskInscripto'));
    const logging = files.filter((f) => importsOf(f.text, 'accesos/accesos-repository.ts').includes('insertAcceso'));
    expect(masking.map((f) => f.file)).toEqual([BOUNDARY]);
    expect(logging.map((f) => f.file)).toEqual([BOUNDARY]);
  });

  it('is called by services, never by routes', () => {
    const users = files.filter((f) => importsOf(f.text, 'datos-personales/datos-personales.ts').length > 0);
    expect(users.map((f) => f.file)).toEqual(
      expect.arrayContaining([
        path.join('features', 'inscriptos', 'inscriptos-read-service.ts'),
        path.join('features', 'inscriptos', 'inscriptos-service.ts'),
        path.join('features', 'exports', 'exports-service.ts'),
        path.join('features', 'sorteo', 'sorteo-actas-service.ts'),
      ]),
    );
    expect(users.filter((f) => f.file.endsWith('-routes.ts')).map((f) => f.file)).toEqual([]);
  });
});
