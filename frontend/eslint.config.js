import { readdirSync } from 'node:fs';
import js from '@eslint/js';
import { defineConfig, globalIgnores } from 'eslint/config';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import importX from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

/** The feature folders (src/features/*), read at lint time so a new feature is fenced too. */
const features = readdirSync(new URL('./src/features', import.meta.url), { withFileTypes: true })
  .filter((d) => d.isDirectory())
  .map((d) => d.name);

/** The shared layer: anything may import it; it imports neither the app nor a feature. */
const SHARED = ['./src/api', './src/components', './src/hooks', './src/lib'];

/**
 * The web app's layers (bulletproof-react's unidirectional architecture): app -> features ->
 * shared. The app composes features (src/app/composition); a feature imports its own folder and
 * the shared layer, never another feature, and of the app only the session it runs in.
 */
const boundaries = [
  ...features.map((f) => ({
    target: `./src/features/${f}`,
    from: './src/features',
    except: [`./${f}`],
    message: 'A feature does not import another feature: move what both need into src/components, src/hooks, src/lib or src/api, or compose them in src/app/composition.',
  })),
  {
    target: './src/features',
    from: './src/app',
    except: ['./session'],
    message: 'A feature does not import the app (only the session it runs in, src/app/session).',
  },
  ...SHARED.map((target) => ({
    target,
    from: ['./src/features', './src/app'],
    message: 'The shared layer (api, components, hooks, lib) imports neither the app nor a feature.',
  })),
];

export default defineConfig([
  globalIgnores(['dist', 'node_modules']),
  {
    files: ['**/*.{ts,tsx}'],
    extends: [
      js.configs.recommended,
      tseslint.configs.strictTypeChecked,
      tseslint.configs.stylisticTypeChecked,
      reactHooks.configs.flat.recommended,
    ],
    plugins: { 'import-x': importX },
    settings: {
      'import-x/resolver-next': [createTypeScriptImportResolver({ project: './tsconfig.json' })],
    },
    languageOptions: {
      globals: globals.browser,
      parserOptions: {
        projectService: true,
        tsconfigRootDir: import.meta.dirname,
      },
    },
    rules: {
      '@typescript-eslint/restrict-template-expressions': ['error', { allowNumber: true }],
      'import-x/no-restricted-paths': ['error', { zones: boundaries }],
      'no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: '@connectrpc/connect-query',
              importNames: ['createConnectQueryKey'],
              message: 'Query keys come from src/api/keys.ts (callKey, serviceKey): one place for the key roots.',
            },
          ],
        },
      ],
    },
  },
  {
    // The query-key roots live in one shared module.
    files: ['src/api/keys.ts'],
    rules: { 'no-restricted-imports': 'off' },
  },
  {
    // Components render; hooks live in src/hooks or a feature's queries/hooks files.
    files: ['src/components/**/*.{ts,tsx}', 'src/features/*/components/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: 'ExportNamedDeclaration > FunctionDeclaration[id.name=/^use[A-Z]/]',
          message: 'Hooks do not live in components/: put them in src/hooks or the feature\'s queries.ts.',
        },
        {
          selector: 'ExportNamedDeclaration > VariableDeclaration > VariableDeclarator[id.name=/^use[A-Z]/]',
          message: 'Hooks do not live in components/: put them in src/hooks or the feature\'s queries.ts.',
        },
      ],
    },
  },
  {
    files: ['*.config.js'],
    extends: [js.configs.recommended],
    languageOptions: { globals: globals.node },
  },
]);
