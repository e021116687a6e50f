import { backendFor } from "./backend";
import { navigateTo } from "./navigation";
import { KEYS, storage } from "./storage";

/** A non-OK reply (or no reply at all: status 0), as the server described it. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly code: string,
    readonly params: Record<string, unknown> = {},
    readonly redirect?: string,
    readonly body?: unknown,
  ) {
    super(message);
    this.name = "ApiError";
  }

  /** Set once the client acted on it (a 401 signed out, a page's 403 went to `redirect`). */
  handled = false;
}

export type QueryValue = string | number | boolean | null | undefined | readonly (string | number | boolean)[];
export type Query = Record<string, QueryValue>;

export interface CallOptions {
  /** The call fetches the page's own data: a 403 sends the browser to the reply's `redirect`. */
  page?: boolean;
  /** Do not sign out on 401 (the sign-out call itself, the session check). */
  ignoreUnauthorized?: boolean;
  signal?: AbortSignal;
}

type UnauthorizedHandler = (err: ApiError) => void;
let onUnauthorized: UnauthorizedHandler = () => undefined;

/** The auth store registers what a 401 does (sign out locally, go to sign-in). */
export function setUnauthorizedHandler(fn: UnauthorizedHandler): void {
  onUnauthorized = fn;
}

const base = typeof window === "undefined" ? "" : backendFor(window.location.origin);

/** Empty, null and undefined filters are dropped: the server treats them as "no filter" anyway. */
export function buildUrl(path: string, query?: Query): string {
  const p = path.startsWith("/") ? path : `/${path}`;
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) {
    const values = Array.isArray(value) ? value : [value];
    for (const v of values) {
      if (v === undefined || v === null || (typeof v === "string" && v.trim() === "")) continue;
      params.append(key, String(v));
    }
  }
  const qs = params.toString();
  return `${base}${p}${qs ? `?${qs}` : ""}`;
}

function headers(json: boolean): Record<string, string> {
  const h: Record<string, string> = { Accept: "application/json", "x-requested-with": "XMLHttpRequest" };
  if (json) h["Content-Type"] = "application/json";
  const token = storage.get(KEYS.token);
  if (token) h["x-access-token"] = token;
  return h;
}

async function readBody(res: Response): Promise<unknown> {
  if (res.status === 204) return undefined;
  const type = res.headers.get("content-type") ?? "";
  if (type.includes("json")) return res.json().catch(() => undefined);
  const text = await res.text().catch(() => "");
  return text || undefined;
}

function errorFrom(res: Response, body: unknown): ApiError {
  const b = (body && typeof body === "object" ? body : {}) as Record<string, unknown>;
  const message =
    typeof b.message === "string" && b.message ? b.message : typeof b.error_message === "string" ? b.error_message : res.statusText || `HTTP ${res.status}`;
  const code = typeof b.code === "string" ? b.code : `http_${res.status}`;
  const params = b.params && typeof b.params === "object" ? (b.params as Record<string, unknown>) : {};
  const redirect = typeof b.redirect === "string" ? b.redirect : undefined;
  return new ApiError(res.status, message, code, params, redirect, body);
}

function handleFailure(err: ApiError, opts: CallOptions | undefined): never {
  if (err.status === 401 && !opts?.ignoreUnauthorized) {
    err.handled = true;
    onUnauthorized(err);
  }
  if (err.status === 403 && opts?.page && err.redirect) {
    err.handled = true;
    navigateTo(err.redirect, { replace: true });
  }
  throw err;
}

async function send(method: string, url: string, body: unknown, opts?: CallOptions): Promise<Response> {
  const isForm = typeof FormData !== "undefined" && body instanceof FormData;
  try {
    return await fetch(url, {
      method,
      credentials: "include",
      headers: headers(body !== undefined && !isForm),
      body: body === undefined ? undefined : isForm ? body : JSON.stringify(body),
      signal: opts?.signal,
    });
  } catch (e) {
    if ((e as Error)?.name === "AbortError") throw e;
    throw new ApiError(0, "The server could not be reached. Check your connection and try again.", "network");
  }
}

async function call<T>(method: string, url: string, body: unknown, opts?: CallOptions): Promise<T> {
  const res = await send(method, url, body, opts);
  const data = await readBody(res);
  if (!res.ok) handleFailure(errorFrom(res, data), opts);
  return data as T;
}

// Identical GETs in flight share one request (the page and a widget asking for the same list).
const inflight = new Map<string, Promise<unknown>>();

function get<T>(path: string, query?: Query, opts?: CallOptions): Promise<T> {
  const url = buildUrl(path, query);
  if (opts?.signal) return call<T>("GET", url, undefined, opts);
  const key = `${storage.get(KEYS.token) ?? ""} ${url} ${opts?.page ? "page" : ""}`;
  const existing = inflight.get(key);
  if (existing) return existing as Promise<T>;
  const p = call<T>("GET", url, undefined, opts).finally(() => inflight.delete(key));
  inflight.set(key, p);
  return p;
}

/** A file reply: the blob and its name (content-disposition, else the fallback). */
async function download(path: string, query?: Query, fallbackName = "download.bin"): Promise<{ blob: Blob; filename: string }> {
  const res = await send("GET", buildUrl(path, query), undefined);
  if (!res.ok) handleFailure(errorFrom(res, await readBody(res)), undefined);
  const cd = res.headers.get("content-disposition") ?? "";
  const star = /filename\*=UTF-8''([^;]+)/i.exec(cd)?.[1];
  const plain = /filename="?([^";]+)"?/i.exec(cd)?.[1];
  const filename = star ? decodeURIComponent(star) : (plain ?? fallbackName);
  return { blob: await res.blob(), filename };
}

/** The one way the web app calls the server. */
export const api = {
  get,
  post: <T>(path: string, body?: unknown, opts?: CallOptions) => call<T>("POST", buildUrl(path), body ?? {}, opts),
  put: <T>(path: string, body?: unknown, opts?: CallOptions) => call<T>("PUT", buildUrl(path), body ?? {}, opts),
  patch: <T>(path: string, body?: unknown, opts?: CallOptions) => call<T>("PATCH", buildUrl(path), body ?? {}, opts),
  delete: <T>(path: string, opts?: CallOptions) => call<T>("DELETE", buildUrl(path), undefined, opts),
  /** multipart/form-data (file uploads): the browser sets the boundary. */
  upload: <T>(path: string, form: FormData, opts?: CallOptions) => call<T>("POST", buildUrl(path), form, opts),
  download,
};

export function isApiError(e: unknown): e is ApiError {
  return e instanceof ApiError;
}
