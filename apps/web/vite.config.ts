import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const backend = process.env.FLEET_BACKEND ?? 'http://127.0.0.1:8080';

export default defineConfig({
  plugins: [react()],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    chunkSizeWarningLimit: 1500,
    rollupOptions: {
      output: {
        // Vendor split: the React runtime, Ant Design and the data layer change at different paces.
        manualChunks(id: string) {
          if (!id.includes('node_modules')) return undefined;
          if (/node_modules\/(react|react-dom|scheduler|react-router)\//.test(id)) return 'react-vendor';
          if (/node_modules\/(@ant-design|antd|rc-[^/]+|@rc-component)\//.test(id)) return 'antd-vendor';
          if (/node_modules\/(@tanstack|i18next|react-i18next|zustand|dayjs|js-md5|zod)\//.test(id))
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
