import react from "@vitejs/plugin-react";
import { defineConfig } from "vite";
import { VitePWA } from "vite-plugin-pwa";
import { areaPreloads, codeAfterFirstPaint, inlineSplashLogo, precompress } from "./build-plugins";
import { TEXTS_CACHE } from "./src/lib/cache-names";

/** Paths the API answers: proxied in development, never cached or rewritten by the service worker. */
const API_PATHS = /^\/(admin\/api|admin\/open|user\/api|user\/open|api|health|openapi\.json|docs|socket\.io)(\/|$)/;
const proxy = { "^/(admin/api|admin/open|user/api|user/open|api|health|openapi.json|docs|socket.io)": { target: "http://127.0.0.1:3001", ws: true } };

export default defineConfig({
  plugins: [
    react(),
    VitePWA({
      registerType: "autoUpdate",
      injectRegister: "script-defer",
      includeAssets: ["logo.svg", "icons/*.png", "push-sw.js"],
      manifest: {
        name: "Taleem",
        short_name: "Taleem",
        description: "School and Quran-memorisation centre administration with a parent portal",
        start_url: "/",
        scope: "/",
        display: "standalone",
        orientation: "any",
        lang: "en",
        theme_color: "#087f5b",
        background_color: "#ffffff",
        categories: ["education"],
        icons: [
          { src: "/icons/icon-192.png", sizes: "192x192", type: "image/png", purpose: "any" },
          { src: "/icons/icon-512.png", sizes: "512x512", type: "image/png", purpose: "any" },
          { src: "/icons/maskable-512.png", sizes: "512x512", type: "image/png", purpose: "maskable" },
          { src: "/logo.svg", sizes: "any", type: "image/svg+xml", purpose: "any" },
        ],
      },
      workbox: {
        // The app shell is precached; fonts (large, per script) and texts are cached as they are used.
        globPatterns: ["**/*.{js,css,html,svg,png,webmanifest}"],
        // Big optional libraries (the spreadsheet reader) are fetched when used, not at install.
        globIgnores: ["**/push-sw.js", "**/exceljs*.js"],
        navigateFallback: "/index.html",
        navigateFallbackDenylist: [API_PATHS],
        importScripts: ["/push-sw.js"],
        cleanupOutdatedCaches: true,
        // No route matches an API call or another site, so those pass the worker untouched. (A route
        // may not name API_PATHS: its test is copied into sw.js as source text, where the constant
        // does not exist; the one that did threw on every request and so cached no text and no font.)
        runtimeCaching: [
          { urlPattern: ({ url }) => url.pathname.startsWith("/locales/"), handler: "NetworkFirst", options: { cacheName: TEXTS_CACHE } },
          {
            urlPattern: ({ url }) => /\.(woff2?|ttf)$/.test(url.pathname),
            handler: "CacheFirst",
            options: { cacheName: "taleem-fonts", expiration: { maxEntries: 80, maxAgeSeconds: 365 * 24 * 3600 } },
          },
        ],
      },
    }),
    areaPreloads(),
    inlineSplashLogo(),
    codeAfterFirstPaint(),
    precompress(),
  ],
  build: {
    rolldownOptions: {
      treeshake: {
        // The contract's schemas are plain declarations: pages that import one constant (the area
        // homes, the languages) must not pull in every schema and zod with it (the sign-in page budget).
        moduleSideEffects: [{ test: /[\\/]packages[\\/]contract[\\/]/, sideEffects: false }],
      },
    },
  },
  server: { port: 5173, proxy },
  preview: { port: 4173, proxy },
});
