import { existsSync } from "node:fs";
import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { DIGITS_SETTING, isLanguage, type Language, RTL_LANGUAGES } from "@taleem/contract";
import type { FastifyInstance, FastifyRequest } from "fastify";
import { escapeHtml } from "../files/html.js";

/** The web build's server copy of the parent home (apps/web/src/ssr/parent-home.server.tsx). */
interface HomeRenderer {
  renderParentHome(input: {
    user: unknown;
    children: { rows: { id: number }[] };
    home?: { student: number; reply: unknown };
    frame: { key: readonly unknown[]; reply: unknown }[];
    url: string;
    phone: boolean;
    lng: string;
    resources: Record<string, Record<string, unknown>>;
    /** The school's digits per language (its settings' `digits`). */
    digits: unknown;
  }): string;
  textNamespaces: readonly string[];
  /** The child this account chose last on this device, as the request's cookie names it (not yet checked). */
  chosenChildIn(cookies: string | undefined, userId: number): number | null;
  frameCalls: { key: readonly unknown[]; url: string }[];
}

/** The language of the Accept-Language header the app speaks, first match first; else English. */
function acceptedLanguage(header: string | undefined): Language {
  for (const part of (header ?? "").split(",")) {
    const primary = part.trim().split(/[-;]/)[0]?.toLowerCase();
    if (isLanguage(primary)) return primary;
  }
  return "en";
}

/** Text safe inside `<script type="application/json">`. */
const jsonInHtml = (v: unknown) =>
  JSON.stringify(v)
    .replace(/</g, "\\u003c")
    .replace(/\u2028/g, "\\u2028")
    .replace(/\u2029/g, "\\u2029");

/**
 * The page's shell for a home drawn on the server: the app's entry script no longer starts at load
 * (public/boot.js starts it at the first touch a plain link cannot answer), the area's stylesheets
 * are linked (the app would load them with the area's code), and there is no splash.
 */
function serverPageShell(page: string): { head: string; entry: string; fonts: Record<string, string[]> } | null {
  const entry = /<script type="module"[^>]*\ssrc="([^"]+)"[^>]*><\/script>\s*/.exec(page);
  if (!entry?.[1]) return null;
  // The lists the build writes into index.html (apps/web/build-plugins.ts).
  const listed = (id: string) =>
    JSON.parse(new RegExp(`<script type="application/json" id="${id}">([^<]*)</script>`).exec(page)?.[1] ?? "{}") as Record<string, string[]>;
  let css: string[];
  let fonts: Record<string, string[]>;
  try {
    css = (listed("area-preloads")["parent/home"] ?? []).filter((f) => f.endsWith(".css"));
    fonts = listed("language-fonts");
  } catch {
    return null;
  }
  const head = page
    .replace(entry[0], "")
    // The entry's own modules come when the entry does.
    .replace(/<link rel="modulepreload"[^>]*>\s*/g, "")
    .replace(/<div id="splash"[\s\S]*?<\/div>\s*<\/div>\s*/, "")
    .replace("</head>", `${css.map((f) => `<link rel="stylesheet" href="${escapeHtml(f)}" />`).join("")}</head>`);
  if (head.includes('id="splash"')) return null;
  return { head, entry: entry[1], fonts };
}

/**
 * The parent home drawn on the server into the first reply (issue 18): a family's signed-in
 * person, asking for /parent/home as a page, gets the home as the app would draw it, with the
 * data of the same calls the app makes (their own routes, answered in-process with the request's
 * session, so access and the school's scoping are exactly theirs). Anything missing or failing
 * answers null, and the caller serves the plain app page.
 */
export async function serverHome(app: FastifyInstance, dist: string, page: string): Promise<((req: FastifyRequest) => Promise<string | null>) | null> {
  const file = join(dist, "ssr/parent-home.server.js");
  if (!existsSync(file)) return null;
  const shell = serverPageShell(page);
  if (!shell) {
    app.log.warn("The web build's index.html is not as the server-drawn home expects; the home is drawn in the browser");
    return null;
  }
  let renderer: HomeRenderer;
  try {
    renderer = (await import(pathToFileURL(file).href)) as HomeRenderer;
  } catch (e) {
    app.log.warn({ err: e }, "The server-drawn home could not be loaded; the home is drawn in the browser");
    return null;
  }
  // A build's texts do not change while it is served.
  const texts = new Map<string, Promise<Record<string, unknown>>>();
  const readTexts = (lng: string) => {
    let p = texts.get(lng);
    if (!p) {
      p = Promise.all(
        renderer.textNamespaces.map(async (ns) => [ns, JSON.parse(await readFile(join(dist, "locales", lng, `${ns}.json`), "utf8"))] as const),
      ).then(Object.fromEntries);
      p.catch(() => texts.delete(lng));
      texts.set(lng, p);
    }
    return p;
  };

  return async (req) => {
    const p = req.principal;
    if (p?.kind !== "user" || p.area !== "parent" || !p.linkedStudentsOnly) return null;
    const url = new URL(req.url, "http://page");
    if (url.pathname !== "/parent/home") return null;
    // The app's own calls, with this request's session.
    const headers: Record<string, string> = {};
    for (const h of ["cookie", "authorization", "x-access-token", "user-agent", "x-forwarded-for"] as const) {
      const v = req.headers[h];
      if (typeof v === "string") headers[h] = v;
    }
    const call = async (path: string) => {
      const res = await app.inject({ method: "GET", url: path, headers, remoteAddress: req.ip });
      if (res.statusCode !== 200) throw new Error(`${path}: ${res.statusCode}`);
      return res.json();
    };
    // The child to draw is asked for beside the list (its own route answers only for one's own
    // child), so the page waits for one round of calls, not two: the one the address names, else
    // the one this account chose last on this device (a cookie, which the list below checks).
    const asked = Number(url.searchParams.get("student"));
    const remembered = renderer.chosenChildIn(req.headers.cookie, p.userId);
    const wanted = Number.isInteger(asked) && asked > 0 ? asked : remembered;
    const early = wanted ? call(`/user/api/home?student=${wanted}`).catch(() => null) : null;
    const [session, children, frame] = await Promise.all([
      call("/user/open/auth/validatetoken"),
      call("/user/api/home/children"),
      // The frame's own (the bell): one that fails is asked for again by the app when it starts.
      Promise.all(
        renderer.frameCalls.map((c) =>
          call(c.url).then(
            (reply) => ({ key: c.key, reply }),
            () => null,
          ),
        ),
      ).then((r) => r.filter((f) => f !== null)),
    ]);
    if (!session?.auth || !Array.isArray(children?.rows)) return null;
    // Figures are written in the school's digits, as its screens write them (its open settings).
    const code = session.user?.tenant?.code;
    const open = code ? await call(`/admin/open/setting/${encodeURIComponent(code)}`).catch(() => null) : null;
    // The child the app would show (child-chooser.tsx useChosenChild): the address's, the
    // remembered one, or an only child, and only ever one of this family's own. A cookie naming
    // another family's child (forged, or kept from a link since undone) draws the chooser.
    const rows = children.rows as { id: number }[];
    const chosen = rows.find((c) => c.id === asked) ?? rows.find((c) => c.id === remembered) ?? (rows.length === 1 ? rows[0] : undefined);
    const reply = chosen && (chosen.id === wanted ? await early : await call(`/user/api/home?student=${chosen.id}`));
    if (chosen && !reply) return null;
    const home = chosen ? { student: chosen.id, reply } : undefined;
    const lng = isLanguage(session.user.language) ? session.user.language : acceptedLanguage(req.headers["accept-language"]);
    const resources: Record<string, Record<string, unknown>> = { en: await readTexts("en") };
    if (lng !== "en") resources[lng] = await readTexts(lng);
    // Phones say so (Chromium's client hint; others in the user agent): the frame has no screen to measure here.
    const ua = req.headers["user-agent"] ?? "";
    const phone = req.headers["sec-ch-ua-mobile"] === "?1" || /Mobi|Android|iPhone/i.test(ua);
    const body = renderer.renderParentHome({
      user: session.user,
      children,
      home,
      frame,
      url: `${url.pathname}${url.search}`,
      phone,
      lng,
      resources,
      digits: open?.config?.[DIGITS_SETTING],
    });
    const dir = (RTL_LANGUAGES as readonly string[]).includes(lng) ? "rtl" : "ltr";
    // What the app needs to draw the same page when it starts (src/main.tsx), and where its code is.
    const data = { user: session.user, children, home, frame, lng, at: Date.now() };
    // The script's font, as the app declares it for the language (src/lib/script-fonts.ts).
    const fonts = (shell.fonts[lng] ?? []).map((f) => `<link rel="stylesheet" href="${escapeHtml(f)}" />`).join("");
    return shell.head
      .replace("</head>", `${fonts}</head>`)
      .replace(
        /<html[^>]*>/,
        `<html lang="${lng}" dir="${dir}" class="lang-${lng}" data-mantine-color-scheme="light" data-signed-in="user" data-server-home="${escapeHtml(shell.entry)}" data-server-phone="${phone}">`,
      )
      .replace('<div id="root"></div>', `<script type="application/json" id="server-home">${jsonInHtml(data)}</script><div id="root">${body}</div>`);
  };
}
