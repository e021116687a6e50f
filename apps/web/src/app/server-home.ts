import { type AuthUser, homeData, linkedChildren } from "@taleem/contract";
import { useAuth } from "../lib/auth-store";
import { queryClient } from "../lib/query-client";
import { actionKey } from "../lib/use-action";

/** What the server drew the page from (apps/server/src/platform/http/server-home.ts). */
interface ServerHome {
  user: AuthUser;
  children: unknown;
  home?: { student: number; reply: unknown };
  frame: { key: readonly unknown[]; reply: unknown }[];
  at: number;
}

/** The first thing the person did on the drawn page (public/boot.js): it started the app. */
interface FirstInput {
  el: Element | null;
  kind: "focus" | "click" | "change";
  value?: string;
}

declare global {
  interface Window {
    taleemServerInput?: FirstInput;
  }
}

/** The element at `el`'s place in `from`, found at the same place in `to` (the two pages are drawn alike). */
function samePlace(el: Element, from: Element, to: Element): Element | null {
  const kids = (e: Element) => [...e.children].filter((c) => c.tagName !== "STYLE" && c.tagName !== "SCRIPT");
  // From the nearest element the page names (a test id: generated ids differ between the two).
  const path: number[] = [];
  let at: Element = el;
  while (at !== from && !at.hasAttribute("data-testid")) {
    const parent = at.parentElement;
    if (!parent) return null;
    path.unshift(kids(parent).indexOf(at));
    at = parent;
  }
  let found: Element | null | undefined = at === from ? to : to.querySelector(`[data-testid="${CSS.escape(at.getAttribute("data-testid") ?? "")}"]`);
  for (const i of path) found = found && kids(found)[i];
  return found ?? null;
}

/** Does again, on the app's page, what the person did on the drawn one. */
function replay(input: FirstInput | undefined, from: Element, to: Element) {
  if (!input?.el || !from.contains(input.el)) return;
  const el = samePlace(input.el, from, to);
  if (!(el instanceof HTMLElement)) return;
  el.focus();
  if (input.kind === "click") el.click();
  else if (input.kind === "change" && el instanceof HTMLSelectElement && input.value !== undefined && el.value !== input.value) {
    el.value = input.value;
    el.dispatchEvent(new Event("change", { bubbles: true }));
  }
}

/**
 * The app starting on the parent home the server drew: it knows the person and the replies the
 * page was drawn from (no splash, no second wait), and draws into a hidden container that takes
 * the drawn page's place once the same home stands there, so the page never blinks.
 * Returns the container to render into.
 */
export function adoptServerHome(): HTMLElement {
  const drawn = document.getElementById("root")!;
  const source = document.getElementById("server-home");
  let data: ServerHome;
  try {
    data = JSON.parse(source?.textContent ?? "") as ServerHome;
  } catch {
    document.getElementById("server-home-progress")?.remove();
    return drawn;
  }
  useAuth.getState().setSession(data.user);
  queryClient.setQueryData(actionKey(linkedChildren, {}), data.children, { updatedAt: data.at });
  for (const f of data.frame ?? []) queryClient.setQueryData(f.key, f.reply, { updatedAt: data.at });
  if (data.home) queryClient.setQueryData(actionKey(homeData, { query: { student: data.home.student } }), data.home.reply, { updatedAt: data.at });

  drawn.id = "server-root";
  const live = document.createElement("div");
  live.id = "root";
  live.style.cssText = "position:fixed;inset:0;visibility:hidden;pointer-events:none;overflow:hidden;z-index:-1";
  drawn.after(live);
  const home = window.location.pathname;
  const ready = () =>
    window.location.pathname !== home ||
    (!!live.querySelector('[data-testid="parent-name"]') &&
      !live.querySelector('[data-testid="home-loading"]') &&
      (!data.home || !!live.querySelector('[data-testid="child-home"]')));
  let done = false;
  const takeOver = () => {
    if (done) return;
    done = true;
    observer.disconnect();
    clearTimeout(limit);
    const y = window.scrollY;
    live.style.cssText = "";
    replay(window.taleemServerInput, drawn, live);
    drawn.remove();
    source?.remove();
    document.getElementById("server-home-progress")?.remove();
    document.documentElement.removeAttribute("data-server-home");
    window.scrollTo(0, y);
  };
  const observer = new MutationObserver(() => {
    if (ready()) takeOver();
  });
  observer.observe(live, { childList: true, subtree: true });
  // Whatever happens, the app's page shows within a few seconds.
  const limit = setTimeout(takeOver, 8000);
  return live;
}
