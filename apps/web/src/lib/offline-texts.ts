import { TEXTS_CACHE } from "./cache-names";
import { i18n, LANGUAGES } from "./i18n";

const fileOf = (lng: string, ns: string) => `/locales/${lng}/${ns}.json`;

/**
 * Keeps the texts this device has shown for a start with no signal. The service worker caches a
 * text file as it passes through it, but on the first visit the page loads its texts before the
 * worker controls it, so they would be missing the next time the app opens offline (a teacher in
 * a room without signal would see the splash and nothing else). Until the worker controls the
 * page, the page puts them in the worker's cache itself: those shown so far, and each one loaded
 * after.
 */
export async function keepTextsOffline(): Promise<void> {
  // A page the worker controlled from the start has had every text pass through it already.
  if (!("serviceWorker" in navigator) || !("caches" in window) || navigator.serviceWorker.controller) return;
  const cache = await caches.open(TEXTS_CACHE);
  // From the texts already loaded, not fetched again: the same file, with no second download. One
  // file a task: writing a large namespace out takes a slow phone a noticeable moment, and the page
  // must answer a tap meanwhile.
  const keep = async (pairs: [lng: string, ns: string][]) => {
    for (const [lng, ns] of pairs) {
      await new Promise((resolve) => setTimeout(resolve));
      const text = JSON.stringify(i18n.getResourceBundle(lng, ns));
      await cache.put(fileOf(lng, ns), new Response(text, { headers: { "content-type": "application/json" } })).catch(() => undefined);
    }
  };
  const pairsOf = (data: Record<string, Record<string, unknown>>) =>
    Object.entries(data).flatMap(([lng, namespaces]) => Object.keys(namespaces).map((ns): [string, string] => [lng, ns]));
  i18n.on("loaded", (loaded: Record<string, Record<string, boolean>>) => void keep(pairsOf(loaded)));
  await keep(pairsOf(i18n.store.data));
}

/**
 * Puts these namespaces' texts, in every language, in the worker's cache: a screen opened first
 * with no signal (a teacher's register she never opened online), or a language switched to there,
 * then reads its texts and not their keys. Fetched again on each call, so the copies follow releases.
 */
export async function keepTextsOfEveryLanguage(namespaces: readonly string[]): Promise<void> {
  if (!("caches" in window)) return;
  const cache = await caches.open(TEXTS_CACHE);
  for (const lng of LANGUAGES) await Promise.all(namespaces.map((ns) => cache.add(fileOf(lng, ns)).catch(() => undefined)));
}
