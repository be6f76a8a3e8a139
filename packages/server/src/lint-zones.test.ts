import fs from 'node:fs';
import path from 'node:path';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';
import { SERVER_LAYERS, SERVER_ROOTS, assertServerLayout, foldersIn, layoutOf } from '../../../scripts/layers.ts';

/**
 * The layering of docs/ARCHITECTURE.md is enforced by eslint.config.js; these run the project's own
 * configuration on small fixtures placed (virtually) in the tree, so a zone that stops working fails here.
 * Type-aware rules need files on disk, so they are off for these texts.
 */
const ROOT = path.resolve(import.meta.dirname, '../../..');
const eslint = new ESLint({
  cwd: ROOT,
  overrideConfig: [
    {
      files: ['**/*.{ts,tsx}'],
      languageOptions: { parserOptions: { projectService: false, project: null } },
      rules: { '@typescript-eslint/no-floating-promises': 'off' },
    },
  ],
});

async function problems(file: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: path.join(ROOT, file) });
  return result!.messages.map((m) => `${m.ruleId ?? 'parse'}: ${m.message}`);
}

describe('ESLint zones', () => {
  it('report a lower layer (lib, db, a store, context.ts) importing a feature', async () => {
    const code = (up: string) =>
      `import { authRoutes } from '${up}features/auth/auth-routes.ts';\nexport const x = authRoutes;\n`;
    for (const [file, up] of [
      ['packages/server/src/lib/fixture.ts', '../'],
      ['packages/server/src/data/users/fixture.ts', '../../'],
    ] as const) {
      expect(await problems(file, code(up))).toEqual([
        expect.stringMatching(/^import-x\/no-restricted-paths: .*Lower layers/),
      ]);
    }
    expect(
      await problems(
        'packages/server/src/domain/context.ts',
        "import { login } from '../features/auth/auth-service.ts';\nexport const x = login;\n",
      ),
    ).toEqual([expect.stringMatching(/^import-x\/no-restricted-paths: .*Lower layers/)]);
  });

  it('report production code importing test support, and allow it in tests', async () => {
    const code = "import { FakeServer } from '../test/fake-server.ts';\nexport const x = FakeServer;\n";
    expect(await problems('packages/web/src/lib/fixture.ts', code)).toEqual([
      expect.stringMatching(/^import-x\/no-restricted-paths: .*Production code never imports test support/),
    ]);
    expect(await problems('packages/web/src/lib/fixture.test.ts', code)).toEqual([]);
  });

  it('report a feature importing another feature', async () => {
    const code = "import * as users from '../users/users-service.ts';\nexport const x = users;\n";
    expect(await problems('packages/server/src/features/sorteo/fixture.ts', code)).toEqual([
      expect.stringMatching(/^import-x\/no-restricted-paths: .*Features never import each other/),
    ]);
  });

  it('report a file name that is not kebab-case', async () => {
    expect(await problems('packages/web/src/lib/SaveFile.ts', 'export const x = 1;\n')).toEqual([
      expect.stringMatching(/^local\/kebab-case-filename/),
    ]);
  });

  it('accept a downward import', async () => {
    const code =
      "import { newId } from '@inscripciones/shared/ids.ts';\nimport type { Executor } from '../../db/executor.ts';\nexport const x = (_db: Executor) => newId();\n";
    expect(await problems('packages/server/src/data/users/fixture.ts', code)).toEqual([]);
  });
});

/** An existing module under `dir` (relative to the root): an import is only judged when it resolves. */
function moduleIn(dir: string): string {
  const abs = path.join(ROOT, dir);
  if (fs.statSync(abs).isFile()) return dir;
  for (const e of fs.readdirSync(abs, { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name))) {
    if (e.isFile() && /\.tsx?$/.test(e.name) && !/\.test\.tsx?$/.test(e.name)) return `${dir}/${e.name}`;
  }
  for (const sub of foldersIn(abs)) return moduleIn(`${dir}/${sub}`);
  throw new Error(`no module under ${dir}`);
}

/** A fixture at `file` that imports `target` (both relative to the root). */
function importing(file: string, target: string): string {
  let rel = path.relative(path.dirname(file), target);
  if (!rel.startsWith('.')) rel = `./${rel}`;
  return `import * as m from '${rel}';\nexport const x = m;\n`;
}

const SRC = 'packages/server/src';
const WEB = 'packages/web/src';

describe('ESLint zones generated from the folders (scripts/layers.ts)', () => {
  it('report every layer importing a layer above it or a root, and accept every import downwards', async () => {
    const places = [...SERVER_LAYERS, ...SERVER_ROOTS];
    for (const [i, layer] of SERVER_LAYERS.entries()) {
      const file = `${SRC}/${layer}/fixture.ts`;
      for (const [j, other] of places.entries()) {
        if (i === j) continue;
        const found = await problems(file, importing(file, moduleIn(`${SRC}/${other}`)));
        expect(found, `${layer} → ${other}`).toEqual(
          j > i
            ? [expect.stringMatching(/^import-x\/no-restricted-paths: .*Lower layers never import higher ones/)]
            : [],
        );
      }
    }
  });

  it('report a feature importing another feature, for every feature folder of the server and the web', async () => {
    for (const root of [SRC, WEB]) {
      const features = foldersIn(path.join(ROOT, root, 'features'));
      expect(features.length).toBeGreaterThan(3);
      for (const [i, feature] of features.entries()) {
        const other = features[(i + 1) % features.length]!;
        const file = `${root}/features/${feature}/fixture.ts`;
        expect(await problems(file, importing(file, moduleIn(`${root}/features/${other}`))), feature).toEqual([
          expect.stringMatching(/^import-x\/no-restricted-paths: .*Features never import each other/),
        ]);
        expect(await problems(file, importing(file, moduleIn(`${root}/features/${feature}`))), feature).toEqual([]);
      }
    }
  });

  it('report a data owner importing another owner, for every folder of data/, and accept db/', async () => {
    const owners = foldersIn(path.join(ROOT, SRC, 'data'));
    expect(owners).toEqual(expect.arrayContaining(['inscriptos', 'ciclos', 'auditoria', 'sorteos', 'users']));
    for (const [i, owner] of owners.entries()) {
      const other = owners[(i + 1) % owners.length]!;
      const file = `${SRC}/data/${owner}/fixture.ts`;
      expect(await problems(file, importing(file, moduleIn(`${SRC}/data/${other}`))), owner).toEqual([
        expect.stringMatching(/^import-x\/no-restricted-paths: .*Data owners never import each other/),
      ]);
      expect(await problems(file, importing(file, `${SRC}/db/executor.ts`)), owner).toEqual([]);
    }
  });

  it('report a route importing the data layer, and accept it in a service and a route importing the domain', async () => {
    const data = moduleIn(`${SRC}/data/inscriptos`);
    const route = `${SRC}/features/inscriptos/fixture-routes.ts`;
    expect(await problems(route, importing(route, data))).toEqual([
      expect.stringMatching(/^import-x\/no-restricted-paths: .*Routes never import the data layer/),
    ]);
    const service = `${SRC}/features/inscriptos/fixture-service.ts`;
    expect(await problems(service, importing(service, data))).toEqual([]);
    expect(await problems(route, importing(route, `${SRC}/domain/datos-personales/datos-personales.ts`))).toEqual([]);
  });

  it('report web lib importing a feature', async () => {
    const file = `${WEB}/lib/fixture.ts`;
    expect(await problems(file, importing(file, moduleIn(`${WEB}/features/auth`)))).toEqual([
      expect.stringMatching(/^import-x\/no-restricted-paths: .*lib\/ never imports a feature/),
    ]);
  });

  it('report a query tool imported outside db/ and data/, and allow its types', async () => {
    const code = "import { sql } from 'kysely';\nexport const x = sql`select 1`;\n";
    expect(await problems(`${SRC}/features/health/fixture.ts`, code)).toEqual([
      expect.stringMatching(/^@typescript-eslint\/no-restricted-imports: .*data layer/),
    ]);
    expect(await problems(`${SRC}/domain/fixture.ts`, code)).toEqual([
      expect.stringMatching(/^@typescript-eslint\/no-restricted-imports: .*data layer/),
    ]);
    expect(await problems(`${SRC}/data/users/fixture.ts`, code)).toEqual([]);
    const types = "import type { Kysely } from 'kysely';\nexport type X = Kysely<unknown>;\n";
    expect(await problems(`${SRC}/features/health/fixture.ts`, types)).toEqual([]);
  });

  it('stop the configuration when a top-level server folder or file belongs to no layer', () => {
    const layout = layoutOf(path.join(ROOT, SRC));
    expect(() => assertServerLayout(layout)).not.toThrow();
    expect(() => assertServerLayout({ ...layout, folders: [...layout.folders, 'helpers'] })).toThrow(
      /packages\/server\/src\/helpers\/ belongs to no layer/,
    );
    expect(() => assertServerLayout({ ...layout, files: [...layout.files, 'utils.ts'] })).toThrow(
      /packages\/server\/src\/utils\.ts belongs to no layer/,
    );
  });
});
