/// <reference types="vitest/config" />
import { defineConfig } from 'vite';
import preact from '@preact/preset-vite';

// The React API is served by preact/compat (the preset aliases react and react-dom).
export default defineConfig({
  plugins: [preact()],
  build: {
    outDir: 'dist',
    assetsDir: 'assets',
    sourcemap: false,
  },
  server: {
    // `HALFSTAR_API=http://127.0.0.1:18081 npx vite` develops against another server.
    proxy: { '/api': process.env.HALFSTAR_API ?? 'http://127.0.0.1:8080' },
  },
  test: {
    environment: 'happy-dom',
    include: ['src/**/*.test.{ts,tsx}'],
    // Libraries written for React must get preact/compat under test too, so
    // they are transformed with the app's aliases instead of loaded as-is.
    server: { deps: { inline: [/@tanstack/] } },
    alias: {
      react: 'preact/compat',
      'react-dom': 'preact/compat',
      'react/jsx-runtime': 'preact/jsx-runtime',
    },
  },
});
