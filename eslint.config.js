import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import { importX } from 'eslint-plugin-import-x';
import globals from 'globals';
import { localRules } from './scripts/eslint-rules.js';

const SERVER = './packages/server/src';
const WEB = './packages/web/src';
const SERVER_FEATURES = [
  'auth',
  'users',
  'health',
  'inscriptos',
  'exports',
  'imports',
  'sorteo',
  'configuracion',
  'duplicados',
  'ciclos',
  'accesos',
  'plazas',
  'informe-datos',
  'retencion',
  'panel',
  'estado',
  'avisos',
];
const WEB_FEATURES = [
  'auth',
  'home',
  'users',
  'inscriptos',
  'inscripto-form',
  'configuracion',
  'consultas',
  'sorteo',
  'ciclos',
  'accesos',
  'duplicados',
  'plazas',
  'panel',
  'estado',
  'avisos',
];

/** Features never import each other (DESIGN "Conventions" 7): shared code moves down a layer. */
function featureIsolation(root, features) {
  return features.map((feature) => ({
    target: `${root}/features/${feature}`,
    from: `${root}/features`,
    except: [`./${feature}`],
    message: 'Features never import each other: move what both need to shared, lib or accounts.',
  }));
}

/**
 * Strictly downward layers (docs/ARCHITECTURE.md): the server's lower layers (lib/, db/, sessions/, the stores,
 * context.ts, config.ts) never import a feature; only the composition root (app.ts, server.ts) and the CLIs
 * wire features in.
 */
const LOWER_SERVER_LAYERS = [
  'lib',
  'db',
  'data',
  'domain',
  'sessions',
  'accounts',
  'inscriptos-store',
  'audit',
  'access-log',
  'duplicados-store',
  'ciclos-store',
  'sorteos-store',
  'backup',
  'rate-limits',
  'seed',
  'context.ts',
  'config.ts',
  'bootstrap-admin.ts',
];
const packageAndFeatureZones = [
  // shared is pure domain: it imports neither server nor web.
  { target: './packages/shared', from: './packages/server' },
  { target: './packages/shared', from: './packages/web' },
  { target: './packages/server', from: './packages/web' },
  { target: './packages/web', from: './packages/server' },
  ...featureIsolation(SERVER, SERVER_FEATURES),
  ...featureIsolation(WEB, WEB_FEATURES),
];
/** Production dependencies only: a test may reach across layers to set up what it checks. */
const lowerLayerZones = [
  ...LOWER_SERVER_LAYERS.map((layer) => ({
    target: `${SERVER}/${layer}`,
    from: `${SERVER}/features`,
    message: 'Lower layers never import a feature: move what they need down (lib, db, sessions, a store).',
  })),
  { target: `${WEB}/lib`, from: `${WEB}/features`, message: 'lib/ never imports a feature.' },
];
const layerZones = [...packageAndFeatureZones, ...lowerLayerZones];

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
    rules: { 'import-x/no-restricted-paths': ['error', { zones: packageAndFeatureZones }] },
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
