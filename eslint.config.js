import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import js from '@eslint/js';
import { createNodeResolver, importX } from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

/** The folders directly under `dir` (an app's features), read when lint starts: a new one is covered at once. */
const foldersOf = (dir) =>
  readdirSync(join(import.meta.dirname, dir), { withFileTypes: true })
    .filter((d) => d.isDirectory())
    .map((d) => d.name);

/**
 * Dependencies point one way (docs/conventions.md 'Dependencies'). A zone forbids the files of `target`
 * to import from `from` (bulletproof-react's model): the shared layers never reach up into the screens,
 * and a feature never reaches into another one (what two features share moves down to components/ or lib/).
 */
const DASHBOARD = './apps/dashboard/src';
const dashboardZones = [
  ...['components', 'lib', 'shell'].map((layer) => ({
    target: `${DASHBOARD}/${layer}`,
    from: [`${DASHBOARD}/features`, `${DASHBOARD}/app`],
    message: `${layer}/ is shared by every screen: it never imports features/ or app/.`,
  })),
  {
    target: `${DASHBOARD}/lib`,
    from: [`${DASHBOARD}/components`],
    message: 'lib/ holds no UI: it never imports components/.',
  },
  ...foldersOf(`${DASHBOARD}/features`).map((feature) => ({
    target: `${DASHBOARD}/features/${feature}`,
    from: `${DASHBOARD}/features`,
    except: [`./${feature}`],
    message: 'A feature never imports another feature: move what both use to components/, lib/ or shell/.',
  })),
];

const GUEST = './apps/guest/src';
const guestZones = [
  {
    target: `${GUEST}/lib`,
    from: [`${GUEST}/screens`, `${GUEST}/app`, `${GUEST}/components`],
    message: 'lib/ is shared by every screen and holds no UI: it never imports screens/, app/ or components/.',
  },
  {
    target: `${GUEST}/components`,
    from: [`${GUEST}/screens`, `${GUEST}/app`],
    message: 'components/ is shared by every screen: it never imports screens/ or app/.',
  },
];

// SERVER ZONES — to enable once the server's import circles are gone (issue 19): add
// './apps/server/src/**/*.ts' to the files of the block below and these zones to its rules:
//   ...['http', 'db', 'jobs', 'lib'].map((layer) => ({
//     target: `./apps/server/src/${layer}`,
//     from: './apps/server/src/modules',
//     message: `${layer}/ is infrastructure: it never imports modules/ (a module registers itself with it).`,
//   })),
const serverZones = [];

export default tseslint.config(
  { ignores: ['**/dist/**', '**/node_modules/**', '.tmp/**', 'data/**', '**/public/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
      '@typescript-eslint/no-explicit-any': 'off',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'no-restricted-syntax': [
        'error',
        { selector: "CallExpression[callee.object.name=/^(it|test|describe)$/][callee.property.name='only']", message: 'A focused test silences the rest of the suite.' },
        { selector: "CallExpression[callee.object.name=/^(it|test|describe)$/][callee.property.name='skip']", message: 'A skipped test checks nothing.' },
      ],
    },
  },
  {
    // import circles and forbidden imports fail lint (and so `npm test`); the goal is the whole repo,
    // the server joins when its circles are gone (see SERVER ZONES above)
    files: ['apps/dashboard/src/**/*.{ts,tsx}', 'apps/guest/src/**/*.{ts,tsx}'],
    plugins: { 'import-x': importX },
    settings: {
      // which files are parsed for their imports (TypeScript's), resolved as Node does with TypeScript's extensions
      'import-x/extensions': ['.ts', '.tsx', '.js'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      'import-x/resolver-next': [createNodeResolver({ extensions: ['.ts', '.tsx', '.js', '.json'] })],
    },
    rules: {
      // a lazy screen (`import()`) counts: the routes ↔ screens circle went through one
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
      'import-x/no-restricted-paths': ['error', { basePath: import.meta.dirname, zones: [...dashboardZones, ...guestZones, ...serverZones] }],
    },
  },
);
