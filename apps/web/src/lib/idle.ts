/**
 * Runs `fn` once the page is idle (or after `timeout` ms at the latest), so work that can wait
 * (other scripts' fonts, the offline copy of texts, the live socket) does not compete with the
 * first page for a slow phone's processor. Returns a cancel.
 */
export function whenIdle(fn: () => void, timeout = 5_000): () => void {
  if (window.requestIdleCallback) {
    const id = window.requestIdleCallback(fn, { timeout });
    return () => window.cancelIdleCallback(id);
  }
  const id = window.setTimeout(fn, 200);
  return () => window.clearTimeout(id);
}
