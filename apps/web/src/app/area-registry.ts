import { type Area, areaHome } from "@taleem/contract";
import type { RouteObject } from "react-router";
import { useAuth } from "../lib/auth-store";
import { loadChunk } from "./chunks";

export const AREA_KEYS = ["auth", "admin", "parent", "rtl", "open", "platform"] as const;
export type AreaKey = (typeof AREA_KEYS)[number];

/** The role area a guarded area admits; rtl/* counts as an admin path. */
export const GUARDED: Partial<Record<AreaKey, Area>> = { admin: "admin", rtl: "admin", parent: "parent" };

/** Where an area's bare path (/admin, /parent) goes when its routes have no index of their own. */
export const AREA_DEFAULT: Partial<Record<AreaKey, string>> = {
  auth: "/auth/sign-in",
  admin: areaHome.admin,
  rtl: "/rtl/dashboard",
  parent: areaHome.parent,
  platform: areaHome.platform,
};

type Frame = () => Promise<{ Frame: RouteObject["Component"] }>;

// Guarded areas come with the full Mantine styles and the data cache (area-frame), which the
// sign-in page never needs; the public pages with the data cache alone (data-frame).
const AREA_FRAME: Frame = () => import("./area-frame").then((m) => ({ Frame: m.AreaFrame }));
const DATA_FRAME: Frame = () => import("./data-frame").then((m) => ({ Frame: m.DataFrame }));

async function framed(load: () => Promise<RouteObject[]>, area: AreaKey, frame: Frame = AREA_FRAME): Promise<RouteObject[]> {
  const [{ Frame }, children] = await Promise.all([loadChunk(frame), loadChunk(load)]);
  return [{ id: `${area}-frame`, Component: Frame, children }];
}

const LOADERS: Record<AreaKey, () => Promise<RouteObject[]>> = {
  auth: () => loadChunk(() => import("../areas/auth/auth.routes")).then((m) => m.authRoutes),
  open: () => framed(() => import("../areas/open/open.routes").then((m) => m.openRoutes), "open", DATA_FRAME),
  platform: () => loadChunk(() => import("../areas/platform/platform.routes")).then((m) => m.platformRoutes),
  admin: () => framed(() => import("../areas/admin/admin.routes").then((m) => m.adminRoutes), "admin"),
  parent: () => framed(() => import("../areas/parent/parent.routes").then((m) => m.parentRoutes), "parent"),
  rtl: () => framed(() => import("../areas/rtl/rtl.routes").then((m) => m.rtlRoutes), "rtl"),
};

export function areaOfPath(pathname: string): AreaKey | null {
  const first = pathname.split("/")[1] ?? "";
  return (AREA_KEYS as readonly string[]).includes(first) ? (first as AreaKey) : null;
}

type SessionView = Pick<ReturnType<typeof useAuth.getState>, "user" | "platformAdmin">;

/** Where a person who may not enter `area` goes instead; null when they may. */
export function gateRedirect(area: AreaKey, s: SessionView): string | null {
  const need = GUARDED[area];
  if (!need) return null;
  if (s.platformAdmin) return areaHome.platform;
  if (!s.user) return "/auth/sign-in";
  return s.user.role.area === need ? null : areaHome[s.user.role.area];
}

// An area's routes, loaded once (a failed load is forgotten, so Retry loads it again).
const loaded = new Map<AreaKey, Promise<RouteObject[]>>();

function routesOf(area: AreaKey): Promise<RouteObject[]> {
  let p = loaded.get(area);
  if (!p) {
    p = LOADERS[area]();
    loaded.set(area, p);
    p.catch(() => loaded.delete(area));
  }
  return p;
}

export type Patch = (routeId: string, children: RouteObject[]) => void;

/**
 * Gives an area its routes the first time a path in it is visited. A guarded area is loaded only
 * for someone allowed in: the others are redirected by the area's loader without downloading it.
 * Every caller patches (the router ignores a patch of a navigation that was cut short, and
 * skips routes it has already).
 */
export async function discover(pathname: string, patch: Patch): Promise<void> {
  const area = areaOfPath(pathname);
  if (!area) return;
  if (GUARDED[area] && gateRedirect(area, await useAuth.getState().ensure())) return;
  patch(area, await routesOf(area));
}

/** Whether the router already holds an area's own routes (besides its static fallback). */
export function isPatched(area: AreaKey, routes: readonly { id?: string; children?: unknown[] }[] | undefined): boolean {
  const find = (list: readonly { id?: string; children?: unknown[] }[] | undefined): { children?: unknown[] } | undefined => {
    for (const r of list ?? []) {
      if (r.id === area) return r;
      const inner = find(r.children as { id?: string; children?: unknown[] }[] | undefined);
      if (inner) return inner;
    }
    return undefined;
  };
  return (find(routes)?.children?.length ?? 0) > 1;
}
