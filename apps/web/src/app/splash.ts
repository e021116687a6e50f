/** How long the splash stays after everything is ready (the spec's one second). */
export const SPLASH_HOLD_MS = 1000;

/** Whatever happens, the splash never stays longer than this. */
const START_LIMIT_MS = 15_000;

/** Performance marks of start-up's steps, in the order the spec wants them (read by the browser tests). */
export const SPLASH_MARKS = {
  texts: "taleem:texts-loaded",
  push: "taleem:push-step-done",
  hold: "taleem:splash-hold",
  hide: "taleem:splash-hide",
} as const;

/** Fades out and removes the start-up splash drawn by index.html. */
export function hideSplash(): void {
  const el = document.getElementById("splash");
  if (!el) return;
  performance.mark(SPLASH_MARKS.hide);
  el.classList.add("splash-hide");
  el.setAttribute("aria-hidden", "true");
  const remove = () => el.remove();
  el.addEventListener("transitionend", remove, { once: true });
  setTimeout(remove, 400);
}

const marked = (step: Promise<unknown>, mark: string) =>
  step.then(
    () => void performance.mark(mark),
    () => void performance.mark(mark),
  );

/**
 * Keeps the splash until the texts are loaded and the push-registration step has finished (or
 * failed), then one second more. Resolves once it is gone.
 */
export async function holdSplash(steps: { texts: Promise<unknown>; push: Promise<unknown> }): Promise<void> {
  const ready = Promise.all([marked(steps.texts, SPLASH_MARKS.texts), marked(steps.push, SPLASH_MARKS.push)]);
  await Promise.race([ready, new Promise<void>((r) => setTimeout(r, START_LIMIT_MS))]);
  performance.mark(SPLASH_MARKS.hold);
  await new Promise<void>((r) => setTimeout(r, SPLASH_HOLD_MS));
  hideSplash();
}
