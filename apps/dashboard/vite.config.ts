import { join } from 'node:path';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  root: import.meta.dirname,
  plugins: [react()],
  server: { port: 5173, proxy: { '/api': 'http://localhost:3000' } },
  // two entries: the dashboard, and the operator console of a multi-site installation (dist/operator/)
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    chunkSizeWarningLimit: 1200,
    rollupOptions: { input: { main: join(import.meta.dirname, 'index.html'), operator: join(import.meta.dirname, 'operator/index.html') } },
  },
  test: {
    name: 'dashboard',
    environment: 'jsdom',
    include: ['src/**/*.test.tsx', 'src/**/*.test.ts'],
    setupFiles: ['./src/test-setup.ts'],
    // rendering Mantine in jsdom is slow on a busy machine (CI runs the journeys' build beside it)
    testTimeout: 20_000,
  },
});
