import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  root: import.meta.dirname,
  plugins: [react()],
  server: { port: 5174, proxy: { '/api': 'http://localhost:3001' } },
  build: { outDir: 'dist', emptyOutDir: true },
  test: {
    name: 'guest',
    environment: 'jsdom',
    include: ['src/**/*.test.tsx', 'src/**/*.test.ts'],
  },
});
