// @ts-check
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import js from '@eslint/js';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import { importX } from 'eslint-plugin-import-x';
import { defineConfig } from 'eslint/config';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

/** The folders of `dir` under src/ (new ones are covered without editing this file). */
const folders = (dir) =>
  readdirSync(join(import.meta.dirname, 'src', dir), { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name);

/**
 * One-way imports (bulletproof-react's unidirectional architecture): shared -> features -> app.
 * - Shared code (every folder of src/ but features/ and app/: components, lib, data, config,
 *   styles, testing, server) imports no feature and no app code.
 * - A feature (src/features/<name>) imports shared code and itself, never another feature;
 *   src/app composes features (routes, layouts).
 * - The admin area is a group of features: each src/features/admin/<name> is a feature, and
 *   src/features/admin/shared is the admin's own shared layer (it imports only shared code;
 *   every admin feature may import it). Admin screens are composed in src/app/routes/admin.
 * - The leads feature owns both sides of a lead: capture (the public forms) and submission (their
 *   checks and sending), and the admin's inbox, pipeline and their model. Its admin parts may
 *   import the admin's shared layer; its public parts import no admin code at all, so the public
 *   pages never load it.
 * The entries (src/entry-*.tsx) sit above app/ and may import anything.
 */
const SHARED = folders('.')
  .filter((name) => name !== 'features' && name !== 'app')
  .map((name) => `./src/${name}`);
const featureZones = [
  ...folders('features')
    .filter((name) => name !== 'admin')
    .map((name) => ({
      target: `./src/features/${name}`,
      from: './src/features',
      except: name === 'leads' ? ['./leads', './admin/shared'] : [`./${name}`],
    })),
  ...folders('features/admin').map((name) => ({
    target: `./src/features/admin/${name}`,
    from: './src/features',
    except: name === 'shared' ? ['./admin/shared'] : [`./admin/${name}`, './admin/shared'],
  })),
];
const boundaryZones = [
  {
    target: SHARED,
    from: ['./src/features', './src/app'],
    message: 'Shared code imports no feature or app code.',
  },
  ...featureZones.map((zone) => ({ ...zone, message: 'A feature imports shared code, not another feature.' })),
  { target: './src/features', from: './src/app', message: 'Features are composed in src/app, never the reverse.' },
  {
    target: ['./src/features/leads/capture', './src/features/leads/submission'],
    from: [
      './src/features/admin',
      './src/features/leads/model',
      './src/features/leads/inbox',
      './src/features/leads/pipeline',
    ],
    message: 'Public lead capture imports no admin code (the public pages would load it).',
  },
];

export default defineConfig(
  // database.types.ts is generated (`claimbridge gen types`), as `supabase gen types` output is.
  { ignores: ['dist', 'node_modules', 'coverage', 'src/lib/database.types.ts'] },
  js.configs.recommended,
  tseslint.configs.strictTypeChecked,
  {
    languageOptions: {
      parserOptions: {
        projectService: true,
        tsconfigRootDir: import.meta.dirname,
      },
    },
  },
  {
    files: ['src/**/*.{ts,tsx}'],
    ...reactHooks.configs.flat.recommended,
  },
  {
    files: ['src/**/*.{ts,tsx}'],
    rules: {
      '@typescript-eslint/restrict-template-expressions': ['error', { allowNumber: true }],
      'no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: '@supabase/supabase-js',
              importNames: ['createClient'],
              message: 'Use the shared client from src/lib/supabase.ts.',
            },
            {
              name: 'react-router-dom',
              message: "Import from 'react-router' (v7).",
            },
          ],
        },
      ],
    },
  },
  {
    files: ['src/**/*.{ts,tsx}'],
    plugins: { 'import-x': importX },
    settings: {
      'import-x/resolver-next': [createTypeScriptImportResolver({ project: './tsconfig.app.json' })],
    },
    rules: {
      'import-x/no-restricted-paths': ['error', { zones: boundaryZones }],
      'import-x/no-cycle': 'error',
    },
  },
  {
    files: ['src/lib/supabase.ts'],
    rules: { 'no-restricted-imports': 'off' },
  },
  {
    files: ['**/*.js'],
    ...tseslint.configs.disableTypeChecked,
  },
);
