import http from "node:http";
import https from "node:https";
import { badRequest } from "../http/errors.js";
import { isPrivateLiteral, publicOnlyLookup } from "../security/public-address.js";

/** Where imports may be fetched from: scheme, host (and port), and path prefixes. */
export interface ImportPolicy {
  allowed: readonly string[];
  /** In production a private, loopback or link-local address is always refused. */
  production: boolean;
}

const DEFAULT_ALLOWED = ["https://docs.google.com"];
// Google answers a sheet's CSV export with a redirect to its content host.
const REDIRECT_HOSTS = [/^[a-z0-9-]+\.googleusercontent\.com$/];

export function importPolicy(config: { production: boolean; IMPORT_ALLOW_EXTRA?: string }): ImportPolicy {
  const extra = config.production
    ? []
    : (config.IMPORT_ALLOW_EXTRA ?? "")
        .split(",")
        .map((s) => s.trim())
        .filter(Boolean);
  return { allowed: [...DEFAULT_ALLOWED, ...extra], production: config.production };
}

const refused = (url: string) =>
  badRequest("import.url_not_allowed", `Imports can only be read from ${DEFAULT_ALLOWED.join(", ")}. This address is not allowed: ${url.slice(0, 200)}`, {
    field: "sheetUrl",
  });

function matches(url: URL, prefix: string): boolean {
  try {
    const p = new URL(prefix);
    return url.origin === p.origin && url.pathname.startsWith(p.pathname);
  } catch {
    return false;
  }
}

/** The URL, if the policy allows it; a 400 naming it otherwise. */
export function assertImportUrl(raw: string, policy: ImportPolicy): URL {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw badRequest("import.url_invalid", "The import link is not a valid web address.", { field: "sheetUrl" });
  }
  if (url.username || url.password || !policy.allowed.some((p) => matches(url, p))) throw refused(raw);
  return url;
}

/**
 * A Google Sheets link as its CSV export (keeping the tab, gid, when the link names one); any
 * other allowed link as it is.
 */
export function csvExportUrl(raw: string): string {
  const url = new URL(raw);
  const m = /^\/spreadsheets\/d\/([A-Za-z0-9_-]+)/.exec(url.pathname);
  if (url.hostname !== "docs.google.com" || !m) return raw;
  const gid = url.searchParams.get("gid") ?? /gid=(\d+)/.exec(url.hash)?.[1];
  return `https://docs.google.com/spreadsheets/d/${m[1]}/export?format=csv${gid ? `&gid=${gid}` : ""}`;
}

export interface FetchLimits {
  maxBytes?: number;
  timeoutMs?: number;
}

/**
 * Reads an import (a CSV export) from an allowed address: every redirect hop is checked again,
 * the body is capped, and in production private addresses are refused.
 */
export async function fetchImportText(raw: string, policy: ImportPolicy, limits: FetchLimits = {}): Promise<string> {
  const maxBytes = limits.maxBytes ?? 5 * 1024 * 1024;
  const timeoutMs = limits.timeoutMs ?? 15_000;
  let url = assertImportUrl(raw, policy);
  for (let hop = 0; hop < 5; hop++) {
    if (policy.production && isPrivateLiteral(url.hostname)) throw refused(url.href);
    const res = await get(url, policy.production, maxBytes, timeoutMs);
    if (res.status >= 300 && res.status < 400 && res.location) {
      const next = new URL(res.location, url);
      const viaGoogle = next.protocol === "https:" && REDIRECT_HOSTS.some((h) => h.test(next.hostname));
      if (!viaGoogle && !policy.allowed.some((p) => matches(next, p))) {
        throw badRequest(
          "import.not_shared",
          `The sheet could not be read (it sent us to ${next.hostname}). Share it as "Anyone with the link can view" and try again.`,
          { field: "sheetUrl" },
        );
      }
      url = next;
      continue;
    }
    if (res.status !== 200) {
      throw badRequest("import.fetch_failed", `The sheet could not be read: the server answered ${res.status}.`, { field: "sheetUrl", status: res.status });
    }
    if (/text\/html/i.test(res.contentType)) {
      throw badRequest("import.not_csv", 'The link gave a web page, not a sheet. Share it as "Anyone with the link can view" and try again.', {
        field: "sheetUrl",
      });
    }
    return res.body;
  }
  throw badRequest("import.fetch_failed", "The sheet could not be read: too many redirects.", { field: "sheetUrl" });
}

function get(url: URL, production: boolean, maxBytes: number, timeoutMs: number) {
  const client = url.protocol === "https:" ? https : http;
  return new Promise<{ status: number; location?: string; contentType: string; body: string }>((resolve, reject) => {
    const fail = (message: string) => reject(badRequest("import.fetch_failed", `The sheet could not be read: ${message}.`, { field: "sheetUrl" }));
    const req = client.get(
      url,
      // agent: false, a fresh connection each time: the global agent keeps sockets alive, and a
      // second import a few seconds later reused one the sheet's server had already closed.
      { agent: false, timeout: timeoutMs, headers: { accept: "text/csv, text/plain;q=0.9" }, ...(production ? { lookup: publicOnlyLookup } : {}) },
      (res) => {
        const status = res.statusCode ?? 0;
        if (status >= 300 && status < 400) {
          res.resume();
          return resolve({ status, location: res.headers.location, contentType: "", body: "" });
        }
        const chunks: Buffer[] = [];
        let size = 0;
        res.on("data", (c: Buffer) => {
          size += c.length;
          if (size > maxBytes) {
            req.destroy();
            fail(`it is larger than ${Math.round(maxBytes / 1024 / 1024)} MB`);
            return;
          }
          chunks.push(c);
        });
        res.on("end", () => resolve({ status, contentType: String(res.headers["content-type"] ?? ""), body: Buffer.concat(chunks).toString("utf8") }));
        res.on("error", (e) => fail(e.message));
      },
    );
    req.on("timeout", () => {
      req.destroy();
      fail("it took too long to answer");
    });
    req.on("error", (e: NodeJS.ErrnoException) =>
      fail(e.code === "EPRIVATE" ? "its address is not public" : e.code === "ENOTFOUND" ? "the address was not found" : "the connection failed"),
    );
  });
}
