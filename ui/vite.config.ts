/// <reference types="vitest/config" />
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { defineConfig, type Plugin } from 'vite';
import preact from '@preact/preset-vite';

/**
 * Compresses the hashed bundles once, at the highest levels (brotli 11, gzip
 * 9), beside each file: the server sends these instead of compressing every
 * answer at its quicker default levels.
 */
function precompress(): Plugin {
  return {
    name: 'halfstar-precompress',
    apply: 'build',
    // Once the files are on disk, as every other plugin left them.
    writeBundle(options, bundle) {
      for (const fileName of Object.keys(bundle)) {
        if (!/^assets\/.+\.(js|css|svg)$/.test(fileName)) continue;
        const path = join(options.dir ?? 'dist', fileName);
        const source = readFileSync(path);
        const brotli = brotliCompressSync(source, {
          params: { [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY, [constants.BROTLI_PARAM_SIZE_HINT]: source.length },
        });
        writeFileSync(`${path}.br`, brotli);
        writeFileSync(`${path}.gz`, gzipSync(source, { level: 9 }));
      }
    },
  };
}

// The React API is served by preact/compat (the preset aliases react and react-dom).
export default defineConfig({
  plugins: [preact(), precompress()],
  build: {
    outDir: 'dist',
    assetsDir: 'assets',
    sourcemap: false,
    rolldownOptions: {
      output: {
        // Everything the first page needs in one file beside the entry, not
        // seventeen: a phone opens six connections to a host, so each further
        // handful of files costs the first page another round trip.
        codeSplitting: { groups: [{ name: 'first-page', tags: ['$initial'] }] },
      },
    },
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
