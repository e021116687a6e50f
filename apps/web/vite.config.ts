import react from "@vitejs/plugin-react";
import { defineConfig, type UserConfig } from "vite";
import { VitePWA } from "vite-plugin-pwa";
import { areaPreloads, codeAfterFirstPaint, inlineSplashLogo, minifyBootScript, precompress } from "./build-plugins";
import { SERVER_PAGES_CACHE, TEXTS_CACHE } from "./src/lib/cache-names";

/** Paths the API answers: proxied in development, never cached or rewritten by the service worker. */
const API_PATHS = /^\/(admin\/api|admin\/open|user\/api|user\/open|api|health|openapi\.json|docs|socket\.io)(\/|$)/;
/** Pages the server draws (apps/server/src/platform/http/server-home.ts): not answered by the app shell (tested with the query). */
const SERVER_PAGES = /^\/parent\/home\/?(\?|$)/;
const proxy = { "^/(admin/api|admin/open|user/api|user/open|api|health|openapi.json|docs|socket.io)": { target: "http://127.0.0.1:3001", ws: true } };

/**
 * The server's copy of the parent home (`vite build --ssr src/ssr/parent-home.server.tsx`, see
 * src/ssr): the same components and CSS modules (the same class names as the browser's build),
 * every library bundled in, so the server loads it from WEB_DIST with nothing installed beside it.
 */
const ssrBuild: UserConfig = {
  plugins: [react()],
  ssr: { noExternal: true },
  // React's production build whatever the server's NODE_ENV (its development build draws the home 5x slower).
  define: { "process.env.NODE_ENV": JSON.stringify("production") },
  build: {
    ssr: true,
    copyPublicDir: false,
    // One file with React, Mantine and the home inside: its size is no download.
    chunkSizeWarningLimit: 4096,
    rolldownOptions: { output: { entryFileNames: "[name].js" } },
  },
};

const browserBuild: UserConfig = {
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
        // The parent home is drawn by the server (src/ssr): it comes from the network while there is
        // one, and the last one drawn stands in offline (the route below).
        navigateFallbackDenylist: [API_PATHS, SERVER_PAGES],
        importScripts: ["/push-sw.js"],
        cleanupOutdatedCaches: true,
        // No route matches an API call or another site, so those pass the worker untouched. (A route
        // may not name API_PATHS: its test is copied into sw.js as source text, where the constant
        // does not exist; the one that did threw on every request and so cached no text and no font.)
        runtimeCaching: [
          {
            urlPattern: ({ request, url }) => request.mode === "navigate" && url.pathname === "/parent/home",
            handler: "NetworkFirst",
            options: {
              cacheName: SERVER_PAGES_CACHE,
              networkTimeoutSeconds: 6,
              matchOptions: { ignoreSearch: true },
              expiration: { maxEntries: 1 },
              // Offline with no drawn home kept (it was only ever reached inside the app): the app's
              // page, which shows the home this phone kept (features/home/home-cache.ts). The
              // precached copy's address carries its revision, hence ignoreSearch.
              plugins: [
                {
                  handlerDidError: async () => (await caches.match("/index.html", { ignoreSearch: true })) ?? Response.error(),
                  // The kept copy, opened with no signal, says so (app.css then shows when its day was true).
                  cachedResponseWillBeUsed: async ({ cachedResponse }) => {
                    if (!cachedResponse) return cachedResponse;
                    const headers = new Headers(cachedResponse.headers);
                    headers.delete("content-length");
                    const page = (await cachedResponse.text()).replace("<html ", '<html data-kept-home="" ');
                    return new Response(page, { status: cachedResponse.status, statusText: cachedResponse.statusText, headers });
                  },
                },
              ],
            },
          },
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
    minifyBootScript(),
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
};

export default defineConfig(({ isSsrBuild }) => (isSsrBuild ? ssrBuild : browserBuild));
