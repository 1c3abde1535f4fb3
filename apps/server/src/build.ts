// `npm run build:server`: the server bundled into apps/server/dist/main.js, run by `npm start` with plain
// node (no TypeScript compilation at start). The shared workspace package is bundled in (it is TypeScript);
// every other package stays in node_modules, as installed.
import { copyFileSync, existsSync, readFileSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { build } from 'esbuild';

/**
 * Packages bundled in rather than loaded from node_modules at start: drizzle-orm's package.json (180 KB of
 * exports) is read again by Node's ESM loader for each of its files, 1.0–1.5 s of a start on this machine
 * (docs/performance.md, "Start on an existing data directory, round two").
 */
const BUNDLED = ['drizzle-orm'];

const server = join(dirname(fileURLToPath(import.meta.url)), '..');

/**
 * Bundles the server into `outdir`, a folder directly under apps/server (the bundle finds the migrations, the
 * apps' builds and node_modules from there, as from dist/).
 */
export async function buildServer(outdir = join(server, 'dist')) {
  rmSync(outdir, { recursive: true, force: true });
  await build({
    entryPoints: [join(server, 'src/main.ts')],
    outdir,
    // main.ts loads the rest of the server (start.ts) with import(): a chunk of its own, beside main.js, whose
    // packages node loads only then, while the embedded database starts on its thread
    splitting: true,
    chunkNames: '[name]-[hash]',
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node24',
    sourcemap: true,
    logLevel: 'warning',
    plugins: [
      {
        name: 'node_modules stay outside',
        setup(b) {
          b.onResolve({ filter: /^[^./]/ }, (args) => {
            if (args.path.startsWith('@campsite/') || BUNDLED.some((name) => args.path === name || args.path.startsWith(`${name}/`))) return undefined;
            return { path: nodeSpecifier(args.path, args.resolveDir), external: true };
          });
        },
      },
    ],
  });
  // the embedded database's thread (db/embedded/embedded.ts), plain JavaScript, found beside the bundle
  copyFileSync(join(server, 'src/db/embedded/pglite-worker.js'), join(outdir, 'pglite-worker.js'));
  // the backup's thread (backup/dump.ts), likewise
  copyFileSync(join(server, 'src/backup/dump-worker.js'), join(outdir, 'dump-worker.js'));
  return join(outdir, 'main.js');
}

/**
 * The specifier node will load: a deep import into a package without an exports map (nodemailer/lib/shared)
 * needs its file named, as Node's ESM loader does not complete paths the way TypeScript and tsx do.
 */
function nodeSpecifier(specifier: string, from: string): string {
  const parts = specifier.split('/');
  const name = specifier.startsWith('@') ? parts.slice(0, 2).join('/') : parts[0];
  if (specifier === name || specifier.startsWith('node:')) return specifier;
  let dir = from;
  while (!existsSync(join(dir, 'node_modules', name, 'package.json'))) {
    if (dirname(dir) === dir) return specifier;
    dir = dirname(dir);
  }
  const pkg = join(dir, 'node_modules', name);
  if (JSON.parse(readFileSync(join(pkg, 'package.json'), 'utf8')).exports) return specifier;
  const file = createRequire(join(from, 'index.js')).resolve(specifier);
  return `${name}/${relative(pkg, file).split('\\').join('/')}`;
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const started = Date.now();
  await buildServer();
  console.log(`  server built in ${Date.now() - started} ms: apps/server/dist/main.js`);
}
