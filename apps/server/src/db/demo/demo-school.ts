import type { FastifyInstance, InjectOptions } from "fastify";

/** A JSON call to the app, as the web app makes it; a reply outside 2xx throws with its body. */
export interface DemoApi {
  get<T>(path: string, query?: Record<string, string | number | boolean | undefined>): Promise<T>;
  post<T>(path: string, body?: unknown): Promise<T>;
  put<T>(path: string, body?: unknown): Promise<T>;
  delete<T>(path: string): Promise<T>;
}

/** A seeded generator: the same numbers on every machine and every run. */
export interface DemoRandom {
  /** In [0, 1). */
  next(): number;
  /** An integer in [min, max]. */
  int(min: number, max: number): number;
  pick<T>(list: readonly T[]): T;
  chance(p: number): boolean;
  /** A shuffled copy. */
  shuffle<T>(list: readonly T[]): T[];
}

/**
 * The ids one slice makes and later slices use, by kind and by the plan's keys (demo-plan.ts):
 * batch (current, past), course (hifz, madrasa, school), courseClass, subject (its code), session
 * (the course key), role (the built-in key), staff (the plan's key; "teacher" is the demo
 * teacher), classroom (the plan's key), student (the admission number), admission (the
 * application number).
 */
export class DemoIds {
  private readonly byKind = new Map<string, Map<string, number>>();

  set(kind: string, key: string, id: number): void {
    const ids = this.byKind.get(kind) ?? new Map<string, number>();
    this.byKind.set(kind, ids);
    ids.set(key, id);
  }

  /** Throws when an earlier slice did not make it: the slices run in a fixed order. */
  get(kind: string, key: string): number {
    const id = this.byKind.get(kind)?.get(key);
    if (id === undefined) throw new Error(`demo seed: no ${kind} "${key}" yet (is the slice that makes it earlier in the list?)`);
    return id;
  }

  /** Every key and id of a kind, in the order they were made. */
  all(kind: string): [key: string, id: number][] {
    return [...(this.byKind.get(kind) ?? new Map<string, number>())];
  }
}

/** What every slice of the demo school is handed. */
export interface DemoSchool {
  /** The demo admin's client (one sign-in for the whole seed). */
  api: DemoApi;
  /** A client with no session, for the public forms a parent would use. */
  open: DemoApi;
  /** This slice's own generator: a slice added later does not change the data of the others. */
  random: DemoRandom;
  /** Today in the school's time zone, YYYY-MM-DD. */
  today: string;
  ids: DemoIds;
  /** The app, for a slice that must act as another demo account (chat: the teacher and the parent write). */
  app: FastifyInstance;
  /** The four demo accounts the README lists (the school's admin, teacher, parent and muawin). */
  accounts: Record<"admin" | "staff" | "parent" | "muawin", { name: string; mobile: string }>;
}

/**
 * Time spent per kind of call (method and path, ids and query left out), kept when DEMO_TIMING=1
 * so a slow first start can be traced to the calls that make it slow.
 */
export class CallTimes {
  private readonly byKind = new Map<string, { calls: number; ms: number }>();

  add(method: string, url: string, ms: number): void {
    const kind = `${method} ${url.split("?")[0]!.replace(/\/\d+(?=\/|$)/g, "/:id")}`;
    const t = this.byKind.get(kind) ?? { calls: 0, ms: 0 };
    this.byKind.set(kind, t);
    t.calls++;
    t.ms += ms;
  }

  /** Slowest kinds first: calls and seconds of each. */
  summary(): Record<string, { calls: number; seconds: number }> {
    const rows = [...this.byKind].sort((a, b) => b[1].ms - a[1].ms);
    return Object.fromEntries(rows.map(([kind, t]) => [kind, { calls: t.calls, seconds: Math.round(t.ms) / 1000 }]));
  }
}

export function demoApi(app: FastifyInstance, token?: string, remoteAddress?: string, times?: CallTimes): DemoApi {
  const call = async (method: InjectOptions["method"], url: string, body?: unknown) => {
    const started = performance.now();
    const res = await app.inject({
      method,
      url,
      headers: { "x-requested-with": "XMLHttpRequest", ...(token ? { "x-access-token": token } : {}) },
      ...(remoteAddress ? { remoteAddress } : {}),
      ...(body !== undefined ? { payload: body as InjectOptions["payload"] } : {}),
    });
    times?.add(String(method), url, performance.now() - started);
    if (res.statusCode < 200 || res.statusCode >= 300) throw new Error(`demo seed: ${method} ${url} answered ${res.statusCode}: ${res.body}`);
    return res.body ? res.json() : undefined;
  };
  return {
    get: (path, query) => {
      const q = new URLSearchParams();
      for (const [k, v] of Object.entries(query ?? {})) if (v !== undefined) q.set(k, String(v));
      return call("GET", q.size ? `${path}?${q}` : path);
    },
    post: (path, body) => call("POST", path, body ?? {}),
    put: (path, body) => call("PUT", path, body ?? {}),
    delete: (path) => call("DELETE", path),
  };
}

/** mulberry32, seeded from a text through FNV-1a: small, fast and the same everywhere. */
export function demoRandom(seed: string): DemoRandom {
  let h = 0x811c9dc5;
  for (let i = 0; i < seed.length; i++) h = Math.imul(h ^ seed.charCodeAt(i), 0x01000193);
  let a = h >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (min: number, max: number) => min + Math.floor(next() * (max - min + 1));
  return {
    next,
    int,
    pick: (list) => list[int(0, list.length - 1)]!,
    chance: (p) => next() < p,
    shuffle: (list) => {
      const out = [...list];
      for (let i = out.length - 1; i > 0; i--) {
        const j = int(0, i);
        [out[i], out[j]] = [out[j]!, out[i]!];
      }
      return out;
    },
  };
}

/** POST /admin/api/{resource}: the new row's id. */
export async function createRow(api: DemoApi, resource: string, body: Record<string, unknown>): Promise<number> {
  const reply = await api.post<{ data: { id: number } }>(`/admin/api/${resource}`, body);
  return reply.data.id;
}

/** The school's users by mobile number (E.164), all of them: the demo has a few hundred at most. */
export async function userIdsByMobile(api: DemoApi): Promise<Map<string, number>> {
  const out = new Map<string, number>();
  for (let page = 1; ; page++) {
    const reply = await api.get<{ rows: { id: number; mobile: string | null }[]; count: number }>("/admin/api/user", { limit: 500, page });
    for (const u of reply.rows) if (u.mobile) out.set(u.mobile, u.id);
    if (page * 500 >= reply.count) return out;
  }
}

/** The id of a user the seed made, by mobile. */
export function userId(byMobile: Map<string, number>, mobile: string): number {
  const id = byMobile.get(mobile);
  if (id === undefined) throw new Error(`demo seed: no user with mobile ${mobile}`);
  return id;
}
