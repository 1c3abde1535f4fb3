import { createHash } from 'node:crypto';
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
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
        .filter((f) => f !== `/${WORKER}` && f !== '/index.html' && !/\.(br|gz)$/.test(f))
        .sort();
      const build = createHash('sha1').update(files.join('\n')).update(readFileSync(join(dist, 'index.html'))).digest('hex').slice(0, 12);
      const path = join(dist, WORKER);
      const source = readFileSync(path, 'utf8')
        .replace("const BUILD = 'dev';", `const BUILD = '${build}';`)
        .replace('const ASSETS = [];', `const ASSETS = ${JSON.stringify(files)};`);
      writeFileSync(path, source);
      precompress(dist);
    },
  };
}

/**
 * Brotli and gzip twins of the text files, made once at build time with the strongest settings, which
 * the server sends to browsers that accept them: a third of the bytes on a weak campsite Wi-Fi.
 */
function precompress(dist: string) {
  for (const file of filesUnder(dist)) {
    if (!/\.(js|css|svg|json|txt)$/.test(file)) continue;
    const data = readFileSync(file);
    if (data.length < 1024) continue;
    writeFileSync(`${file}.br`, brotliCompressSync(data, { params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: data.length } }));
    writeFileSync(`${file}.gz`, gzipSync(data, { level: 9 }));
  }
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
