import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { resolve } from 'node:path';

const serverPort = Number(process.env.PORT ?? 3000);
const target = `http://127.0.0.1:${serverPort}`;

// The client lives in web/; `npm run dev` proxies the API to the Fastify process so that the
// browser sees one origin (no CORS) exactly as in production.
export default defineConfig({
  root: resolve(import.meta.dirname, 'web'),
  plugins: [react()],
  build: {
    outDir: resolve(import.meta.dirname, 'dist/web'),
    emptyOutDir: true,
    rollupOptions: {
      input: {
        main: resolve(import.meta.dirname, 'web/index.html'),
        explorer: resolve(import.meta.dirname, 'web/explorer.html'),
      },
    },
  },
  server: {
    port: 5173,
    proxy: {
      '/graphql': { target, ws: true },
      '/api': target,
      '/uploads': target,
      '/health': target,
    },
  },
});
