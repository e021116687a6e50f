import { existsSync } from "node:fs";
import { request } from "node:http";
import type { AddressInfo } from "node:net";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { adminOfNewTenant, client, type TestApp, testApp } from "../../../test/harness.js";
import { rowsOf, signedInUser } from "../../../test/people.js";
import { dataUrl, pdfBytes, pngBytes, tempDataDir } from "../../modules/admissions/admission.fixture.js";
import { m4aBytes, mp3Bytes, oggBytes } from "./sample-files.js";
import { decodeUpload, sniff } from "./uploads.js";

const rule = { types: ["image/jpeg", "image/png", "image/webp", "application/pdf"] as const, maxBytes: 1024 * 1024, field: "file" };
const jpeg = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(100), Buffer.from([0xff, 0xd9])]);
const webp = (() => {
  const b = Buffer.alloc(40);
  b.write("RIFF", 0);
  b.writeUInt32LE(32, 4);
  b.write("WEBPVP8 ", 8);
  return b;
})();

describe("upload checks", () => {
  it("knows a file by its first bytes and whether it is whole", () => {
    expect(sniff(pngBytes())).toEqual({ type: "image/png", whole: true });
    expect(sniff(jpeg)).toEqual({ type: "image/jpeg", whole: true });
    expect(sniff(webp)).toEqual({ type: "image/webp", whole: true });
    expect(sniff(pdfBytes())).toEqual({ type: "application/pdf", whole: true });
    expect(sniff(pngBytes().subarray(0, 40))?.whole).toBe(false);
    expect(sniff(Buffer.from("GIF89a...."))).toBeUndefined();
    expect(sniff(Buffer.from("<svg xmlns='http://www.w3.org/2000/svg'/>"))).toBeUndefined();
  });

  it("refuses a file whose content is not what its name or data URL says", () => {
    expect(decodeUpload({ name: "a.png", data: dataUrl("image/png", pngBytes()) }, rule).type).toBe("image/png");
    expect(decodeUpload({ name: "scan", data: pdfBytes().toString("base64") }, rule).type).toBe("application/pdf");
    expect(() => decodeUpload({ name: "a.jpg", data: pngBytes().toString("base64") }, rule)).toThrow(/does not match/);
    expect(() => decodeUpload({ name: "a.png", data: dataUrl("image/jpeg", pngBytes()) }, rule)).toThrow(/does not match/);
    expect(() => decodeUpload({ name: "a.png", data: dataUrl("image/png", Buffer.from("MZ executable")) }, rule)).toThrow(/not a JPG, PNG, WEBP, PDF/);
    expect(() => decodeUpload({ name: "a.png", data: "not base64 at all!" }, rule)).toThrow(/base64/);
    expect(() => decodeUpload({ name: "a.pdf", data: pdfBytes().toString("base64") }, { ...rule, types: ["image/png"] })).toThrow(/not a PNG/);
    expect(() => decodeUpload({ name: "big.png", data: Buffer.concat([pngBytes(), Buffer.alloc(1024 * 1024)]).toString("base64") }, rule)).toThrow(
      /at most 1 MB/,
    );
  });

  it("knows a recording by walking it to its end, and refuses one cut short, disguised or too large", () => {
    const id3 = Buffer.concat([Buffer.from("ID3\x04\x00\x00\x00\x00\x00\x0a", "latin1"), Buffer.alloc(10), mp3Bytes(3)]);
    expect(sniff(mp3Bytes())).toEqual({ type: "audio/mpeg", whole: true });
    expect(sniff(id3)).toEqual({ type: "audio/mpeg", whole: true });
    expect(sniff(Buffer.concat([mp3Bytes(), Buffer.from("TAG"), Buffer.alloc(125)]))).toEqual({ type: "audio/mpeg", whole: true });
    expect(sniff(mp3Bytes().subarray(0, 1000))).toEqual({ type: "audio/mpeg", whole: false });
    expect(sniff(oggBytes())).toEqual({ type: "audio/ogg", whole: true });
    expect(sniff(oggBytes().subarray(0, oggBytes().length - 1))?.whole).toBe(false);
    expect(sniff(m4aBytes())).toEqual({ type: "audio/mp4", whole: true });
    expect(sniff(m4aBytes().subarray(0, 60))?.whole).toBe(false);
    // A film in an MP4 is not a recording.
    expect(sniff(m4aBytes("vide"))).toBeUndefined();
    const audio = { types: ["audio/mpeg", "audio/mp4", "audio/ogg"] as const, maxBytes: (t: string) => (t.startsWith("audio/") ? 20_000 : 100), field: "file" };
    expect(decodeUpload({ name: "surah.mp3", data: dataUrl("audio/mpeg", mp3Bytes()) }, audio).type).toBe("audio/mpeg");
    expect(decodeUpload({ name: "memo.m4a", data: dataUrl("audio/x-m4a", m4aBytes()) }, audio).type).toBe("audio/mp4");
    expect(decodeUpload({ name: "voice.opus", data: oggBytes().toString("base64") }, audio).type).toBe("audio/ogg");
    expect(() => decodeUpload({ name: "surah.mp3", data: pdfBytes().toString("base64") }, audio)).toThrow(/not a MP3, M4A, OGG/);
    expect(() => decodeUpload({ name: "surah.ogg", data: mp3Bytes().toString("base64") }, audio)).toThrow(/does not match/);
    expect(() => decodeUpload({ name: "cut.mp3", data: mp3Bytes().subarray(0, 1000).toString("base64") }, audio)).toThrow(/damaged/);
    expect(() => decodeUpload({ name: "long.mp3", data: mp3Bytes(60).toString("base64") }, audio)).toThrow(/at most/);
  });
});

describe("uploads over HTTP", () => {
  let app: TestApp;
  const dataDir = tempDataDir();
  beforeAll(async () => {
    app = await testApp({ DATA_DIR: dataDir });
  });
  afterAll(async () => {
    await app?.close();
  });

  it("stores a checked file under a random name and serves it only to the school's permitted users", async () => {
    const s = await adminOfNewTenant(app);
    const res = await s.api.post("/admin/api/upload", { name: "certificate.pdf", data: dataUrl("application/pdf", pdfBytes()), module: "admissions" });
    expect(res.statusCode, res.body).toBe(200);
    const { path, name, type, size } = res.json().data;
    expect(path).toMatch(/^\/admin\/api\/upload\/[A-Za-z0-9_-]{22}\.pdf$/);
    expect({ name, type, size }).toEqual({ name: "certificate.pdf", type: "application/pdf", size: pdfBytes().length });
    const back = await s.api.get(path);
    expect(back.statusCode).toBe(200);
    expect(back.headers["x-content-type-options"]).toBe("nosniff");
    expect(back.headers["content-security-policy"]).toContain("sandbox");
    expect(back.rawPayload.equals(pdfBytes())).toBe(true);

    expect((await client(app).get(path)).statusCode).toBe(401);
    const other = await adminOfNewTenant(app);
    expect((await other.api.get(path)).statusCode).toBe(404);
    const roles = (await s.api.get("/admin/api/role?limit=50")).json().rows as { id: number; builtin: string | null }[];
    const staff = await signedInUser(app, s.tenant, s.api, [roles.find((r) => r.builtin === "staff")!.id]);
    // Staff may not view admissions, so neither its files; nor upload for it.
    expect((await staff.api.get(path)).statusCode).toBe(404);
    expect((await staff.api.post("/admin/api/upload", { name: "p.png", data: dataUrl("image/png", pngBytes()), module: "admissions" })).statusCode).toBe(403);
    expect((await s.api.get("/admin/api/upload/..%2F..%2Fetc%2Fpasswd")).statusCode).toBe(400);
  });

  it("takes a recording larger than a document, and plays it back in ranges; a PDF is sent as an attachment", async () => {
    const s = await adminOfNewTenant(app);
    const mp3 = mp3Bytes(20_000);
    expect(mp3.length).toBeGreaterThan(5 * 1024 * 1024);
    const res = await s.api.post("/admin/api/upload", { name: "Surah Al-Mulk.mp3", data: dataUrl("audio/mpeg", mp3), module: "materials" });
    expect(res.statusCode, res.body).toBe(200);
    const { path, type } = res.json().data as { path: string; type: string };
    expect({ type, path }).toMatchObject({ type: "audio/mpeg", path: expect.stringMatching(/\.mp3$/) });
    const whole = await s.api.get(path);
    expect(whole.headers).toMatchObject({ "content-type": "audio/mpeg", "accept-ranges": "bytes", "content-length": String(mp3.length) });
    expect(whole.headers["content-disposition"]).toBe("inline; filename*=UTF-8''Surah%20Al-Mulk.mp3");
    const part = await app.inject({ method: "GET", url: path, headers: { "x-access-token": s.token, range: "bytes=100-199" } });
    expect(part.statusCode).toBe(206);
    expect(part.headers["content-range"]).toBe(`bytes 100-199/${mp3.length}`);
    expect(part.rawPayload.equals(mp3.subarray(100, 200))).toBe(true);
    expect((await app.inject({ method: "GET", url: path, headers: { "x-access-token": s.token, range: `bytes=${mp3.length}-` } })).statusCode).toBe(416);

    const pdf = (await s.api.post("/admin/api/upload", { name: "worksheet.pdf", data: dataUrl("application/pdf", pdfBytes()), module: "materials" })).json()
      .data;
    expect((await s.api.get(pdf.path)).headers["content-disposition"]).toMatch(/^attachment; filename\*=UTF-8''worksheet\.pdf$/);
    // A document stays at its own limit: only a recording may be larger.
    const bigPdf = Buffer.concat([Buffer.from("%PDF-1.4\n"), Buffer.alloc(6 * 1024 * 1024), Buffer.from("%%EOF")]);
    const refused = await s.api.post("/admin/api/upload", { name: "big.pdf", data: bigPdf.toString("base64"), module: "materials" });
    expect(refused.json()).toMatchObject({ code: "upload.too_large", params: { field: "data", maxBytes: 5 * 1024 * 1024 } });
  });

  it("serves a public file (a logo) to anyone, by the school's id", async () => {
    const s = await adminOfNewTenant(app);
    const res = await s.api.post("/admin/api/upload", { name: "logo.png", data: dataUrl("image/png", pngBytes()), module: "public" });
    const { path } = res.json().data as { path: string };
    expect(path).toMatch(new RegExp(`^/admin/open/upload/${s.tenant.id}/`));
    expect((await client(app).get(path)).statusCode).toBe(200);
    const other = await adminOfNewTenant(app);
    expect((await client(app).get(path.replace(`/${s.tenant.id}/`, `/${other.tenant.id}/`))).statusCode).toBe(404);
    const priv = (await s.api.post("/admin/api/upload", { name: "p.png", data: dataUrl("image/png", pngBytes()), module: "students" })).json().data
      .path as string;
    expect((await client(app).get(`/admin/open/upload/${s.tenant.id}/${priv.split("/").pop()}`)).statusCode).toBe(404);
  });

  it("refuses a fake image, a too large file and a bad module", async () => {
    const s = await adminOfNewTenant(app);
    const fake = await s.api.post("/admin/api/upload", {
      name: "photo.jpg",
      data: dataUrl("image/jpeg", Buffer.from("<?php system($_GET['c']); ?>")),
      module: "students",
    });
    expect(fake.statusCode).toBe(400);
    expect(fake.json()).toMatchObject({ code: "upload.bad_type", params: { field: "data" } });
    const big = await s.api.post("/admin/api/upload", {
      name: "big.png",
      data: Buffer.concat([pngBytes(), Buffer.alloc(5 * 1024 * 1024)]).toString("base64"),
      module: "students",
    });
    expect(big.statusCode).toBe(400);
    expect((await s.api.post("/admin/api/upload", { name: "p.png", data: dataUrl("image/png", pngBytes()), module: "nothing" })).statusCode).toBe(400);
    expect((await s.api.post("/admin/api/upload", { name: "p.png" })).statusCode).toBe(400);
  });

  /** The status of an upload whose body (chunked) starts and never ends: only a refusal before reading it answers. */
  async function uploadThatNeverEnds(token?: string) {
    const { port } = app.server.address() as AddressInfo;
    return new Promise<number>((resolve, reject) => {
      const req = request(
        {
          port,
          host: "127.0.0.1",
          method: "POST",
          path: "/admin/api/upload",
          headers: {
            "content-type": "application/json",
            "x-requested-with": "XMLHttpRequest",
            ...(token ? { "x-access-token": token } : {}),
          },
        },
        (res) => {
          res.resume();
          resolve(res.statusCode ?? 0);
          req.destroy();
        },
      );
      req.on("error", reject);
      req.write(`{"name":"p.png","module":"students","data":"${"A".repeat(64 * 1024)}`);
    });
  }

  it("refuses an upload by someone with no right to upload, or no session, before reading its body", async () => {
    await app.listen({ port: 0, host: "127.0.0.1" });
    const s = await adminOfNewTenant(app);
    // A role that may only read (a parent may upload a photo for a checklist they submit).
    const reader = (await s.api.post("/admin/api/role", { name: "Reader", area: "admin", permissions: { students: ["view"] } })).json().data;
    const viewer = await signedInUser(app, s.tenant, s.api, [reader.id]);
    expect(await uploadThatNeverEnds(viewer.token)).toBe(403);
    expect(await uploadThatNeverEnds()).toBe(401);
    expect(await rowsOf(app, "uploads", s.tenant.id)).toEqual([]);
    expect(existsSync(join(dataDir, "uploads", String(s.tenant.id)))).toBe(false);
  });
});
