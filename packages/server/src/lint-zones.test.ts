import path from 'node:path';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

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
