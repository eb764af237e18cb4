import { fileURLToPath } from 'node:url';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';

const apiTarget = process.env.SITELEDGER_API_URL ?? 'http://127.0.0.1:8080';

export default defineConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  plugins: [
    react(),
    tailwindcss(),
    VitePWA({
      // A new version waits for the person's "Update" (app/shell/update-prompt.tsx).
      registerType: 'prompt',
      // Registered from app code (virtual:pwa-register/react): the CSP allows no inline script.
      injectRegister: false,
      filename: 'sw.js',
      manifestFilename: 'manifest.webmanifest',
      includeAssets: ['favicon.svg', 'theme-init.js', 'icons/*.png', 'icons/*.svg'],
      manifest: {
        id: '/',
        name: 'SiteLedger',
        short_name: 'SiteLedger',
        description:
          'Purchasing and site management for construction sites: vendors, deliveries, payments and more.',
        lang: 'en',
        dir: 'ltr',
        start_url: '/',
        scope: '/',
        display: 'standalone',
        orientation: 'any',
        // The design tokens: --sidebar / --fg (the browser's theme colour) and the light --bg.
        theme_color: '#0f172a',
        background_color: '#f5f6f8',
        categories: ['business', 'finance', 'productivity'],
        icons: [
          { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
          { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
          {
            src: '/icons/maskable-192.png',
            sizes: '192x192',
            type: 'image/png',
            purpose: 'maskable',
          },
          {
            src: '/icons/maskable-512.png',
            sizes: '512x512',
            type: 'image/png',
            purpose: 'maskable',
          },
          { src: '/icons/icon.svg', sizes: 'any', type: 'image/svg+xml', purpose: 'any' },
        ],
      },
      workbox: {
        // The app shell: every built script, style, page and icon, so the app opens offline.
        globPatterns: ['**/*.{js,css,html,svg,png,webmanifest}'],
        // pdf.js (turning a PDF into photos) is large and needs the network for its worker anyway.
        globIgnores: ['**/pdf-*.js'],
        navigateFallback: '/index.html',
        // API calls never come from the worker's cache: the offline queue keeps writes and
        // TanStack Query keeps reads. /api/* navigations (docs, file links) go to the server.
        navigateFallbackDenylist: [/^\/api\//],
        runtimeCaching: [],
        cleanupOutdatedCaches: true,
        clientsClaim: false,
        skipWaiting: false,
      },
    }),
  ],
  server: {
    port: 5173,
    proxy: {
      '/api': { target: apiTarget, changeOrigin: true },
    },
  },
  preview: {
    proxy: {
      '/api': { target: apiTarget, changeOrigin: true },
    },
  },
  build: {
    outDir: fileURLToPath(new URL('./dist', import.meta.url)),
    emptyOutDir: true,
    sourcemap: true,
    rolldownOptions: {
      output: {
        // React changes less often than the app: its own chunk caches better. Other libraries
        // (Radix, zod, forms, charts) are split by use, so the sign-in page loads none of them.
        codeSplitting: {
          groups: [
            {
              name: 'react',
              test: /node_modules[\\/](react|react-dom|scheduler|react-router)[\\/]/,
            },
          ],
        },
      },
    },
  },
});
