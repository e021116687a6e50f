/** The service worker's cache of the texts (vite.config.ts), which the page also fills (offline-texts.ts). */
export const TEXTS_CACHE = "taleem-locales";

/** The service worker's copy of the last page the server drew (the parent home, vite.config.ts): personal, dropped at sign-out. */
export const SERVER_PAGES_CACHE = "taleem-server-pages";
