import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const backend = process.env.FLEET_BACKEND ?? 'http://127.0.0.1:8080';

export default defineConfig({
  plugins: [react()],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // dist/.vite/manifest.json: scripts/bundle-size.mjs follows it to sum what the login page loads.
    manifest: true,
    chunkSizeWarningLimit: 1500,
    rollupOptions: {
      output: {
        // Vendor split: the React runtime and the data layer change at different paces.
        manualChunks(id: string) {
          // App code, dayjs locales (one per language, loaded when chosen) and Ant Design: split by
          // use, so the login page loads only the components it renders, not the whole library.
          if (!id.includes('node_modules') || id.includes('/dayjs/locale/')) return undefined;
          if (/node_modules\/(react|react-dom|scheduler|react-router)\//.test(id)) return 'react-vendor';
          if (/node_modules\/(@tanstack|i18next|react-i18next|zustand|dayjs|js-md5)\//.test(id))
            return 'data-vendor';
          return undefined;
        },
      },
    },
  },
  server: {
    proxy: {
      '/api': { target: backend, changeOrigin: false },
      '/wss': { target: backend, ws: true, changeOrigin: false },
    },
  },
  preview: {
    proxy: {
      '/api': { target: backend, changeOrigin: false },
      '/wss': { target: backend, ws: true, changeOrigin: false },
    },
  },
});
