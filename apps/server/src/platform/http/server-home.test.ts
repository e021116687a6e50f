import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import Fastify from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { serveWebApp } from "./web-app.js";

// A build as apps/web leaves it (vite.config.ts, build-plugins.ts): index.html with its lists, the
// texts, and the server's copy of the home (here a stand-in that writes down what it was given).
const dist = mkdtempSync(join(tmpdir(), "taleem-server-home-"));
const html = `<!doctype html>
<html lang="en" dir="ltr">
  <head>
    <title>Taleem</title>
    <script type="module" fetchpriority="low" crossorigin src="/assets/index-AbC.js"></script>
    <link rel="modulepreload" fetchpriority="low" crossorigin href="/assets/vendor-XyZ.js">
    <link rel="stylesheet" crossorigin href="/assets/index-AbC.css">
  </head>
  <body>
    <div id="splash" role="status" aria-live="polite">
      <img src="data:image/svg+xml,x" alt="Taleem" />
      <div class="spinner" aria-hidden="true"></div>
      <div id="splash-text">Loading...</div>
    </div>
    <script type="application/json" id="area-preloads">{"parent/home":["/assets/area-frame-1.css","/assets/home-2.js"]}</script>
    <script type="application/json" id="area-texts">{"parent":["parent"]}</script>
    <script type="application/json" id="language-fonts">{"ur":["/assets/400-ur.css"]}</script>
    <script src="/boot.js"></script>
    <div id="root"></div>
  </body>
</html>`;
writeFileSync(join(dist, "index.html"), html);
mkdirSync(join(dist, "ssr"));
writeFileSync(
  join(dist, "ssr/parent-home.server.js"),
  `export const textNamespaces = ["common", "parent"];
export const frameCalls = [{ key: ["action", "/bell", {}], url: "/bell" }];
export function chosenChildIn(cookies, userId) {
  const kept = (cookies || "").split("; ").find((c) => c.startsWith("taleem_child_" + userId + "="));
  return kept && Number(kept.split("=")[1]) > 0 ? Number(kept.split("=")[1]) : null;
}
export function renderParentHome(i) {
  return "<h2 id=drawn>" + [i.user.name, i.lng, i.home ? i.home.student : "none", i.phone, i.resources[i.lng].parent.hello, i.frame.length, i.url].join("|") + "</h2>";
}`,
);
for (const [lng, hello] of [
  ["en", "Hello"],
  ["ur", "سلام"],
]) {
  mkdirSync(join(dist, "locales", lng!), { recursive: true });
  writeFileSync(join(dist, "locales", lng!, "common.json"), "{}");
  writeFileSync(join(dist, "locales", lng!, "parent.json"), JSON.stringify({ hello }));
}

const FAMILY = { kind: "user", area: "parent", linkedStudentsOnly: true, userId: 3, language: "ur" };
const STAFF = { ...FAMILY, linkedStudentsOnly: false };
const app = Fastify({ logger: false });
/** The children whose home was asked for, in order. */
const asked: string[] = [];
beforeAll(async () => {
  // As the auth plugin does: the caller is known from the session before any route runs.
  app.decorateRequest("principal", null);
  app.addHook("onRequest", async (req) => {
    const session = req.headers.cookie?.split("; ")[0];
    if (session === "session=family") req.principal = FAMILY as never;
    if (session === "session=staff") req.principal = STAFF as never;
  });
  // The app's own calls, answering only the session's person.
  app.get("/user/open/auth/validatetoken", async (req) =>
    req.principal ? { auth: true, user: { name: "Amina", language: "ur" } } : { auth: false, message: "No session" },
  );
  app.get("/user/api/home/children", async (req, reply) =>
    req.principal ? { message: "ok", rows: [{ id: 7 }, { id: 9 }], count: 2 } : reply.status(401).send({}),
  );
  app.get<{ Querystring: { student: string } }>("/user/api/home", async (req, reply) => {
    asked.push(req.query.student);
    return req.query.student === "7" ? { message: "ok", data: { student: { id: 7 } } } : reply.status(404).send({ message: "Student not found" });
  });
  app.get("/bell", async () => ({ unread: 2 }));
  await serveWebApp(app, { WEB_DIST: dist });
  await app.ready();
});
afterAll(async () => {
  await app.close();
  rmSync(dist, { recursive: true, force: true });
});

const page = (url: string, cookie: string, more: Record<string, string> = {}) => app.inject({ url, headers: { accept: "text/html", cookie, ...more } });

describe("the parent home drawn by the server", () => {
  it("draws a family's home from their own calls, in their language, with no app code at load and no splash", async () => {
    const res = await page("/parent/home?student=7", "session=family", { "sec-ch-ua-mobile": "?1" });
    expect(res.statusCode).toBe(200);
    expect(res.headers["cache-control"]).toBe("private, no-store");
    expect(res.body).toContain('<div id="root"><h2 id=drawn>Amina|ur|7|true|سلام|1|/parent/home?student=7</h2></div>');
    expect(res.body).toContain(
      '<html lang="ur" dir="rtl" class="lang-ur" data-mantine-color-scheme="light" data-signed-in="user" data-server-home="/assets/index-AbC.js" data-server-phone="true">',
    );
    expect(res.body).not.toContain('<script type="module"');
    expect(res.body).not.toContain("modulepreload");
    expect(res.body).not.toContain('id="splash"');
    expect(res.body).toContain('<link rel="stylesheet" href="/assets/area-frame-1.css" />');
    expect(res.body).toContain('<link rel="stylesheet" href="/assets/400-ur.css" />');
    const data = JSON.parse(/<script type="application\/json" id="server-home">([^<]*)<\/script>/.exec(res.body)![1]!);
    expect(data.home).toEqual({ student: 7, reply: { message: "ok", data: { student: { id: 7 } } } });
    expect(data.frame).toEqual([{ key: ["action", "/bell", {}], reply: { unread: 2 } }]);
  });

  it("draws the chooser alone while no child is named (two children)", async () => {
    const res = await page("/parent/home", "session=family");
    expect(res.body).toContain("<h2 id=drawn>Amina|ur|none|false|");
    // Drawn wide (nothing said phone): the page says so, for boot.js to compare with the screen.
    expect(res.body).toContain('data-server-phone="false">');
  });

  it("draws the child this account chose last on this device (its cookie), asked for beside the list", async () => {
    asked.length = 0;
    const res = await page("/parent/home", "session=family; taleem_child_3=7");
    expect(res.body).toContain("<h2 id=drawn>Amina|ur|7|false|");
    expect(JSON.parse(/<script type="application\/json" id="server-home">([^<]*)<\/script>/.exec(res.body)![1]!).home.student).toBe(7);
    expect(asked).toEqual(["7"]);
    // The address's child comes first.
    asked.length = 0;
    expect((await page("/parent/home?student=7", "session=family; taleem_child_3=9")).body).toContain("<h2 id=drawn>Amina|ur|7|");
    expect(asked).toEqual(["7"]);
  });

  it("never draws a remembered child that is not the family's, nor another account's choice", async () => {
    // Another family's child (not in this family's list): the chooser, and that child's home is never drawn.
    expect((await page("/parent/home", "session=family; taleem_child_3=11")).body).toContain("<h2 id=drawn>Amina|ur|none|");
    // This family's child, remembered for another account on the same phone.
    expect((await page("/parent/home", "session=family; taleem_child_4=7")).body).toContain("<h2 id=drawn>Amina|ur|none|");
    expect((await page("/parent/home", "session=family; taleem_child_3=abc")).body).toContain("<h2 id=drawn>Amina|ur|none|");
  });

  it("serves the app's page when a call fails, to someone who is not a family, and off the home", async () => {
    const signedIn = html.replace("<html", '<html data-signed-in="user"');
    expect((await page("/parent/home?student=9", "session=family")).body).toBe(signedIn);
    expect((await page("/parent/home?student=7", "session=staff")).body).toBe(signedIn);
    expect((await page("/parent/profile", "session=family")).body).toBe(signedIn);
    expect((await page("/parent/home?student=7", "session=none")).body).toBe(html);
  });

  it("does not hand out its own copy of the home as a file", async () => {
    const res = await app.inject({ url: "/ssr/parent-home.server.js", headers: { accept: "*/*" } });
    expect(res.statusCode).toBe(404);
  });
});
