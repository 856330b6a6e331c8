import path from 'node:path';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

/** `npm run dev` serves the app on 5173 and proxies the API to the watching server on 3000. */
const serverOrigin = process.env.CLINICPAY_SERVER_ORIGIN ?? 'http://localhost:3000';

export default defineConfig({
  plugins: [react(), tailwindcss()],
  resolve: { alias: { '@': path.resolve(import.meta.dirname, 'src') } },
  server: {
    proxy: {
      '/api': serverOrigin,
      '/dev': serverOrigin,
      '/healthz': serverOrigin,
      '/readyz': serverOrigin,
    },
  },
  build: { outDir: 'dist', sourcemap: true },
});
