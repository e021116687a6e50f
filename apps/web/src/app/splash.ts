/** How long the splash stays after everything is ready (the spec's one second). */
export const SPLASH_HOLD_MS = 1000;

/** Fades out and removes the start-up splash drawn by index.html. */
export function hideSplash(): void {
  const el = document.getElementById("splash");
  if (!el) return;
  el.classList.add("splash-hide");
  el.setAttribute("aria-hidden", "true");
  const remove = () => el.remove();
  el.addEventListener("transitionend", remove, { once: true });
  setTimeout(remove, 400);
}
