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
  ...foldersOf(`${GUEST}/screens`).map((folder) => ({
    target: `${GUEST}/screens/${folder}`,
    from: `${GUEST}/screens`,
    except: [`./${folder}`],
    message: "A screen's folder never imports another screen's: move what both use to components/ or lib/.",
  })),
];

// SERVER ZONES (issue 19): infrastructure never imports a module; a module registers itself with it
// (routes in modules/index.ts, job areas in modules/jobs.ts, the settings the access check reads through
// Deps.access). On since the server's circles and reaches are gone (issue 19); SERVER_TEST_EXEMPT below.
const SERVER_READY = true;
const SERVER = './apps/server/src';
/**
 * A test beside infrastructure that drives it through a module's data, and may: the fuzz test turns a
 * module's settings on (premium, closed app) to reach every call's checks. It tests http/, not a module,
 * and nothing imports it. (db/concurrency.test.ts takes its data from src/testing/fixtures/.)
 */
const SERVER_TEST_EXEMPT = ['apps/server/src/http/fuzz.test.ts'];
const serverZones = ['http', 'db', 'jobs', 'lib', 'platform'].map((layer) => ({
  target: `${SERVER}/${layer}`,
  from: `${SERVER}/modules`,
  message: `${layer}/ is infrastructure: it never imports modules/ (a module registers itself with it).`,
}));

/**
 * SQL lives in repositories (docs/conventions.md §2): in modules/ and platform/, only a `*.repository.ts`
 * (Drizzle only) and the tests (which check the rows a call wrote) import drizzle-orm or a table. A
 * service, job, route, mail or export asks a repository function, a lock included. Types are free
 * (`import type { Actor }`).
 */
const SQL_IN_REPOSITORIES = 'SQL lives in a repository (docs/conventions.md §2): move this statement to a *.repository.ts function and call it.';
const sqlPaths = [{ name: 'drizzle-orm', message: SQL_IN_REPOSITORIES, allowTypeImports: true }];
const sqlPattern = { group: ['drizzle-orm/*', '**/db/schema', '**/db/schema/*'], message: SQL_IN_REPOSITORIES, allowTypeImports: true };
/**
 * An area reaches another only through the other's `public.ts` (docs/conventions.md 'Floors and hooks'):
 * from modules/<area>/, `../<other>/<anything but public>` fails. Types are free. The registration files
 * (modules/index.ts, jobs.ts, hooks.ts) sit above the areas and import what they register.
 */
const AREA_PUBLIC = "An area reaches another only through its public.ts (docs/conventions.md 'Floors and hooks'): import '../<area>/public' and export there what you need.";
const areaPattern = { regex: '^\\.\\./[a-z0-9-]+/(?!public$)[^/]+$', message: AREA_PUBLIC, allowTypeImports: true };
/** The registration files (modules/index.ts, jobs.ts, hooks.ts): the top, not an area. */
const REGISTRATION = 'apps/server/src/modules/*.ts';
const restrict = (files, ignores, options) => ({ files, ignores, rules: { '@typescript-eslint/no-restricted-imports': ['error', options] } });
const serverImportRules = [
  restrict(['apps/server/src/modules/**/*.ts'], ['**/*.repository.ts', '**/*.test.ts', REGISTRATION], { paths: sqlPaths, patterns: [sqlPattern, areaPattern] }),
  restrict(['apps/server/src/modules/**/*.repository.ts'], ['**/*.test.ts'], { patterns: [areaPattern] }),
  restrict([REGISTRATION, 'apps/server/src/platform/**/*.ts'], ['**/*.repository.ts', '**/*.test.ts'], { paths: sqlPaths, patterns: [sqlPattern] }),
];

/**
 * FILE ROLES (issue 30): a file of an area says what it is by its last name before `.ts`, one of these
 * (docs/conventions.md 'File roles'): `<anything>.<role>.ts`. A file under modules/ whose name has no role
 * fails lint; an area's `public.ts` is its door (what others may import, 'Floors and hooks'), and the
 * registries at modules/'s root (index.ts, jobs.ts, hooks.ts) are not an area's.
 */
const FILE_ROLES = {
  routes: 'the calls it serves (serve())',
  service: 'rules and transactions',
  repository: 'Drizzle, and all of it',
  jobs: 'job kinds, declared (and handled when light)',
  mail: 'the mails it sends and their jobs',
  export: 'a CSV, .ics or other file handed out',
  pdf: 'a PDF',
  run: 'the long work a job runs, resumable',
  hooks: "what the area does when another's data changes",
  settings: "the area's stored settings",
  texts: "words in the guest app's languages",
  throttle: 'buckets of a throttle',
  parse: 'reading a file given in',
  live: 'a live connection (event stream)',
  test: 'tests',
};
const roleRule = {
  files: ['apps/server/src/modules/*/**/*.ts'],
  plugins: {
    files: {
      rules: {
        role: {
          meta: { type: 'suggestion', schema: [] },
          create: (context) => ({
            Program(node) {
              const name = context.filename.split(/[\\/]/).pop();
              if (name === 'public.ts') return;
              const role = /\.([a-z]+)\.ts$/.exec(name)?.[1];
              if (!role || !(role in FILE_ROLES))
                context.report({ node, message: `'${name}' names no role: end it in .<role>.ts, one of ${Object.keys(FILE_ROLES).join(', ')} (docs/conventions.md 'File roles').` });
            },
          }),
        },
      },
    },
  },
  rules: { 'files/role': 'error' },
};

/**
 * Import circles and forbidden imports fail lint (and so `npm test`). Files are parsed for their imports
 * as TypeScript and resolved as Node does with TypeScript's extensions; a lazy screen (`import()`) counts
 * (the dashboard's routes <-> screens circle went through one).
 */
const importRules = (files, zones) => ({
  files,
  plugins: { 'import-x': importX },
  settings: {
    'import-x/extensions': ['.ts', '.tsx', '.js'],
    'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
    'import-x/resolver-next': [createNodeResolver({ extensions: ['.ts', '.tsx', '.js', '.json'] })],
  },
  rules: {
    'import-x/no-cycle': ['error', { ignoreExternal: true }],
    'import-x/no-restricted-paths': ['error', { basePath: import.meta.dirname, zones }],
  },
});

export default tseslint.config(
  { ignores: ['**/dist/**', 'apps/server/.test-build-*/**', '**/node_modules/**', '.tmp/**', 'data/**', '**/public/**'] },
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
  importRules(['apps/dashboard/src/**/*.{ts,tsx}', 'apps/guest/src/**/*.{ts,tsx}'], [...dashboardZones, ...guestZones]),
  ...(SERVER_READY
    ? [importRules(['apps/server/src/**/*.ts'], serverZones), { files: SERVER_TEST_EXEMPT, rules: { 'import-x/no-restricted-paths': 'off' } }]
    : []),
  ...serverImportRules,
  roleRule,
  // every journey runs on the run's pinned clock (e2e/clock.ts, issue 31): its `test` installs it in each browser context
  restrict(['e2e/**/*.spec.ts'], [], {
    paths: [{ name: '@playwright/test', importNames: ['test'], message: "Take `test` from './clock': it pins every browser context's clock to the run's (a run crossing midnight keeps the demo's today).", allowTypeImports: true }],
  }),
  // the project's scripts run in Node
  { files: ['scripts/**/*.mjs'], languageOptions: { globals: { process: 'readonly', console: 'readonly' } } },
);
