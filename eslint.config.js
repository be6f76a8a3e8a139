import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import { importX } from 'eslint-plugin-import-x';
import globals from 'globals';

/** Features never import each other (DESIGN "Conventions" 7): shared code moves down a layer. */
function featureIsolation(root, features) {
  return features.map((feature) => ({
    target: `${root}/features/${feature}`,
    from: `${root}/features`,
    except: [`./${feature}`],
    message: 'Features never import each other: move what both need to shared, lib or accounts.',
  }));
}

export default tseslint.config(
  { ignores: ['**/dist/**', '**/node_modules/**', 'data/**', 'test-results/**', 'playwright-report/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    plugins: { 'import-x': importX },
    rules: {
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'import-x/no-cycle': 'error',
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: [
            // shared is pure domain: it imports neither server nor web.
            { target: './packages/shared', from: './packages/server' },
            { target: './packages/shared', from: './packages/web' },
            { target: './packages/server', from: './packages/web' },
            { target: './packages/web', from: './packages/server' },
            ...featureIsolation('./packages/server/src', [
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
            ]),
            ...featureIsolation('./packages/web/src', [
              'auth',
              'home',
              'users',
              'inscriptos',
              'inscripto-form',
              'configuracion',
              'consultas',
              'sorteo',
            ]),
          ],
        },
      ],
    },
  },
  {
    files: ['packages/web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: reactHooks.configs.recommended.rules,
  },
);
