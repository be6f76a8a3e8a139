import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import { importX } from 'eslint-plugin-import-x';
import globals from 'globals';
import { localRules } from './scripts/eslint-rules.js';
import { serverZones, webZones } from './scripts/layers.ts';

const SERVER = './packages/server/src';
const WEB = './packages/web/src';

/**
 * Packages: shared is pure domain and imports neither server nor web; server and web never import each other.
 * Tests keep these too (and the feature isolation below); a test may reach across the other layers to set up
 * what it checks.
 */
const packageZones = [
  { target: './packages/shared', from: './packages/server' },
  { target: './packages/shared', from: './packages/web' },
  { target: './packages/server', from: './packages/web' },
  { target: './packages/web', from: './packages/server' },
];

/**
 * The layers of docs/ARCHITECTURE.md, generated from the folders (scripts/layers.ts): server lib < db < data <
 * domain < features < roots and CLIs, features and data owners isolated from each other, routes never import
 * the data layer; web lib never imports a feature, features never import each other. A top-level server folder
 * that is no layer stops the configuration with a message.
 */
const layerZones = [...packageZones, ...serverZones(SERVER), ...webZones(WEB)];
const testZones = [...packageZones, ...layerZones.filter((z) => z.message?.startsWith('Features never import'))];

/** Production code never imports test support (each package's src/test/). */
const testSupportZones = ['shared', 'server', 'web'].map((pkg) => ({
  target: `./packages/${pkg}/src`,
  from: `./packages/${pkg}/src/test`,
  message: 'Production code never imports test support (src/test/).',
}));
const TEST_FILES = ['**/*.test.{ts,tsx}', 'packages/*/src/test/**', 'e2e/**', 'bench/**'];

export default tseslint.config(
  { ignores: ['**/dist/**', '**/node_modules/**', 'data/**', 'test-results/**', 'playwright-report/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    plugins: { 'import-x': importX, local: { rules: localRules } },
    rules: {
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'import-x/no-cycle': 'error',
      'import-x/no-restricted-paths': ['error', { zones: [...layerZones, ...testSupportZones] }],
      'local/kebab-case-filename': 'error',
    },
  },
  {
    files: TEST_FILES,
    rules: { 'import-x/no-restricted-paths': ['error', { zones: testZones }] },
  },
  {
    // Kysely is the data layer's (and db/'s, the schema's owner): elsewhere only its types (an Executor, a
    // Transaction a service opens) are imported, never `sql` or a query builder of its own.
    files: ['packages/server/src/**/*.ts'],
    ignores: ['packages/server/src/db/**', 'packages/server/src/data/**', ...TEST_FILES],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: 'kysely',
              allowTypeImports: true,
              message:
                'Queries live in the data layer (src/data/<owner>/): import its functions, or only types from kysely.',
            },
          ],
        },
      ],
    },
  },
  {
    // Type-aware rules: a promise nobody awaits loses its errors (an unhandled rejection, or a 500 never sent).
    files: ['packages/*/src/**/*.{ts,tsx}', 'e2e/**/*.ts'],
    languageOptions: { parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname } },
    rules: { '@typescript-eslint/no-floating-promises': 'error' },
  },
  {
    files: ['packages/web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: reactHooks.configs.recommended.rules,
  },
  {
    // Accessibility is a requirement (DESIGN "Web"): the recommended checks on every component.
    files: ['packages/web/**/*.tsx'],
    ...jsxA11y.flatConfigs.recommended,
    rules: {
      ...jsxA11y.flatConfigs.recommended.rules,
      // `role` on our own components (<RequireAuth role="administrador">) is a prop, not ARIA.
      'jsx-a11y/aria-role': ['error', { ignoreNonDOM: true }],
      // A scrollable region must be reachable by keyboard (WCAG 2.1.1), so role="region" may take tabIndex={0}.
      'jsx-a11y/no-noninteractive-tabindex': ['error', { tags: [], roles: ['tabpanel', 'region'] }],
    },
  },
);
