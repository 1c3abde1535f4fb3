import { createHash } from 'node:crypto';
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import react from '@vitejs/plugin-react';
import type { Plugin } from 'vite';
import { defineConfig } from 'vitest/config';

const WORKER = 'custom-service-worker.js';

function filesUnder(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? filesUnder(join(dir, e.name)) : [join(dir, e.name)]));
}

/**
 * Stamps the built service worker with the build's files and a version made from them, so that each
 * build installs as a new worker that stores exactly its own shell. The worker stays hand-written.
 */
function stampWorker(): Plugin {
  let outDir = '';
  return {
    name: 'stamp-service-worker',
    apply: 'build',
    configResolved(config) {
      outDir = config.build.outDir;
    },
    closeBundle() {
      const dist = join(import.meta.dirname, outDir);
      const files = filesUnder(dist)
        .map((f) => '/' + relative(dist, f).split('\\').join('/'))
        .filter((f) => f !== `/${WORKER}` && f !== '/index.html')
        .sort();
      const build = createHash('sha1').update(files.join('\n')).update(readFileSync(join(dist, 'index.html'))).digest('hex').slice(0, 12);
      const path = join(dist, WORKER);
      const source = readFileSync(path, 'utf8')
        .replace("const BUILD = 'dev';", `const BUILD = '${build}';`)
        .replace('const ASSETS = [];', `const ASSETS = ${JSON.stringify(files)};`);
      writeFileSync(path, source);
    },
  };
}

export default defineConfig({
  root: import.meta.dirname,
  plugins: [react(), stampWorker()],
  server: { port: 5174, proxy: { '/api': 'http://localhost:3001' } },
  build: { outDir: 'dist', emptyOutDir: true },
  test: {
    name: 'guest',
    environment: 'jsdom',
    include: ['src/**/*.test.tsx', 'src/**/*.test.ts'],
  },
});
