/** The service worker's cache of the texts (vite.config.ts), which the page also fills (offline-texts.ts). */
export const TEXTS_CACHE = "taleem-locales";
