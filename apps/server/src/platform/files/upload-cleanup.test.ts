import { randomBytes } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, utimesSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { Readable } from "node:stream";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { adminOfNewTenant, client, PASSWORD, type TestApp, testApp, uniqueMobile } from "../../../test/harness.js";
import { rowsOf } from "../../../test/people.js";
import { admissionSchool, application, apply, dataUrl, filed, pdfBytes, png, pngBytes, tempDataDir } from "../../modules/admissions/admission.fixture.js";
import { TenantScope } from "../tenancy/tenant-scope.js";
import { wipeTenant } from "../tenancy/tenant-table.js";
import { readTar, writeTar } from "./tar.js";
import { sweepUploads } from "./upload-sweep.js";
import { nameOfPath, UploadStore } from "./uploads.js";

type Api = Awaited<ReturnType<typeof adminOfNewTenant>>["api"];

const TWO_DAYS = 2 * 24 * 60 * 60 * 1000;

describe("uploaded files follow their data", () => {
  const dataDir = tempDataDir();
  const store = new UploadStore(dataDir);
  let app: TestApp;
  beforeAll(async () => {
    app = await testApp({ DATA_DIR: dataDir });
  });
  afterAll(async () => {
    await app?.close();
  });

  const onDisk = (tenantId: number, path: string) => join(dataDir, "uploads", String(tenantId), nameOfPath(path)!);
  const upload = async (api: Api, module: string, bytes = pngBytes()) => {
    const res = await api.post("/admin/api/upload", { name: "f.png", data: dataUrl("image/png", bytes), module });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data.path as string;
  };
  /** The paths of an application's photo and document, filed through the public form. */
  const applyWithFiles = async (code: string) => {
    const body = await application(app, code, {
      photo: png(),
      documents: [{ label: "Birth certificate", file: { name: "birth.pdf", data: dataUrl("application/pdf", pdfBytes()) } }],
    });
    expect((await apply(app, code, body)).statusCode).toBe(200);
  };
  const uploadNames = async (tenantId: number) => (await rowsOf(app, "uploads", tenantId)).map((r) => r.name as string).sort();
  /** Makes uploads look as if they were made two days ago, in the database and on disk. */
  const age = async (tenantId: number, paths: string[]) => {
    const names = paths.map((p) => nameOfPath(p)!);
    const then = new Date(Date.now() - TWO_DAYS);
    for (const name of names) {
      await app.services.db.execute(sql`update uploads set created_at = ${then.toISOString()} where tenant_id = ${tenantId} and name = ${name}`);
      const file = join(dataDir, "uploads", String(tenantId), name);
      if (existsSync(file)) utimesSync(file, then, then);
    }
  };

  it("a wipe removes the files of the uploads it removes, keeps the logo's, and leaves other schools' files", async () => {
    const s = await admissionSchool(app);
    const other = await adminOfNewTenant(app);
    const logo = await upload(s.api, "public");
    expect((await s.api.put("/admin/api/setting", { school: { logo } })).statusCode).toBe(200);
    await applyWithFiles(s.tenant.code);
    const loose = await upload(s.api, "students");
    const othersFile = await upload(other.api, "students", pngBytes(4, 4, [1, 2, 3]));
    const rows = await rowsOf(app, "uploads", s.tenant.id);
    expect(rows.length).toBe(4);
    const files = rows.map((r) => join(dataDir, "uploads", String(s.tenant.id), r.name as string));
    expect(files.every((f) => existsSync(f))).toBe(true);

    // A wrong password: nothing happens, to the rows or the files.
    expect((await s.api.post("/admin/api/setting/wipe-data", { password: "not-my-password" })).statusCode).toBe(400);
    expect((await rowsOf(app, "uploads", s.tenant.id)).length).toBe(4);
    expect(files.every((f) => existsSync(f))).toBe(true);

    const res = await s.api.post("/admin/api/setting/wipe-data", { password: PASSWORD });
    expect(res.statusCode, res.body).toBe(200);
    expect(await uploadNames(s.tenant.id)).toEqual([nameOfPath(logo)]);
    expect(files.filter((f) => existsSync(f))).toEqual([onDisk(s.tenant.id, logo)]);
    expect(existsSync(onDisk(s.tenant.id, loose))).toBe(false);
    // The school still shows its logo; the other school still has its file.
    const shown = await client(app).get(logo);
    expect(shown.statusCode).toBe(200);
    expect(shown.rawPayload.equals(pngBytes())).toBe(true);
    const kept = await other.api.get(othersFile);
    expect(kept.statusCode).toBe(200);
    expect(kept.rawPayload.equals(pngBytes(4, 4, [1, 2, 3]))).toBe(true);
  });

  it("removes no file when the transaction that deleted the rows fails", async () => {
    const s = await admissionSchool(app);
    await applyWithFiles(s.tenant.code);
    const paths = [await upload(s.api, "students"), await upload(s.api, "public")];
    const names = await uploadNames(s.tenant.id);
    expect(names.length).toBe(4);
    const scope = new TenantScope(app.services.db, s.tenant.id);
    await expect(
      store.transaction(scope, async (tx) => {
        await wipeTenant(tx.db, tx.tenantId);
        // Inside the transaction the rows are gone already (on PGlite, only the transaction may ask).
        expect(await tx.db.execute(sql`select name from uploads where tenant_id = ${tx.tenantId}`)).toMatchObject({ rows: [] });
        throw new Error("the wipe failed half-way");
      }),
    ).rejects.toThrow("half-way");
    expect(await uploadNames(s.tenant.id)).toEqual(names);
    expect(names.every((n) => existsSync(join(dataDir, "uploads", String(s.tenant.id), n)))).toBe(true);
    expect((await s.api.get(paths[0]!)).statusCode).toBe(200);
  });

  it("the sweep removes old uploads no record refers to and files without a row, and keeps the rest", async () => {
    const s = await admissionSchool(app);
    const logo = await upload(s.api, "public");
    expect((await s.api.put("/admin/api/setting", { school: { logo } })).statusCode).toBe(200);
    const applied = await filed(app, s.api, s.tenant.code, {
      photo: png(),
      documents: [{ label: "Birth certificate", file: { name: "birth.pdf", data: dataUrl("application/pdf", pdfBytes()) } }],
    });
    const row = (await rowsOf(app, "admissions", s.tenant.id)).find((r) => r.id === applied.id)!;
    const photo = row.photo as string;
    const document = (row.documents as { path: string }[])[0]!.path;
    const oldLoose = await upload(s.api, "students");
    const newLoose = await upload(s.api, "students");
    // Files without a row: one old (a crash long ago), one new (an upload still in its transaction).
    const dir = join(dataDir, "uploads", String(s.tenant.id));
    const strayOld = join(dir, `${randomBytes(16).toString("base64url")}.png`);
    const strayNew = join(dir, `${randomBytes(16).toString("base64url")}.png`);
    writeFileSync(strayOld, pngBytes());
    writeFileSync(strayNew, pngBytes());
    const then = new Date(Date.now() - TWO_DAYS);
    utimesSync(strayOld, then, then);
    await age(s.tenant.id, [logo, photo, document, oldLoose]);

    const dry = await sweepUploads(app.services.db, store, { dryRun: true, tenantId: s.tenant.id });
    expect(dry.unreferenced.map((u) => u.name)).toEqual([nameOfPath(oldLoose)]);
    expect(dry.orphans.map((f) => f.path)).toEqual([strayOld]);
    expect(existsSync(onDisk(s.tenant.id, oldLoose)) && existsSync(strayOld)).toBe(true);

    const swept = await sweepUploads(app.services.db, store, { tenantId: s.tenant.id });
    expect(swept.unreferenced.map((u) => u.name)).toEqual([nameOfPath(oldLoose)]);
    expect(swept.orphans.map((f) => f.path)).toEqual([strayOld]);
    expect(swept.failed).toEqual([]);
    expect(existsSync(onDisk(s.tenant.id, oldLoose))).toBe(false);
    expect(existsSync(strayOld)).toBe(false);
    for (const kept of [logo, photo, document, newLoose]) expect(existsSync(onDisk(s.tenant.id, kept)), kept).toBe(true);
    expect(existsSync(strayNew)).toBe(true);
    expect(await uploadNames(s.tenant.id)).toEqual([logo, photo, document, newLoose].map((p) => nameOfPath(p)!).sort());

    // Deleting the application lets its photo and document go; a replaced logo goes too.
    expect((await s.api.delete(`/admin/api/admission/${applied.id}`)).statusCode).toBe(200);
    const logo2 = await upload(s.api, "public");
    expect((await s.api.put("/admin/api/setting", { school: { logo: logo2 } })).statusCode).toBe(200);
    await age(s.tenant.id, [logo2]);
    const again = await sweepUploads(app.services.db, store, { tenantId: s.tenant.id });
    expect(again.unreferenced.map((u) => u.name).sort()).toEqual([logo, photo, document].map((p) => nameOfPath(p)!).sort());
    for (const gone of [logo, photo, document]) expect(existsSync(onDisk(s.tenant.id, gone)), gone).toBe(false);
    expect((await client(app).get(logo2)).statusCode).toBe(200);
  });

  it("a form that refers to an upload keeps it from the sweep", async () => {
    const s = await admissionSchool(app);
    const photo = await upload(s.api, "admissions");
    await age(s.tenant.id, [photo]);
    const created = await s.api.post("/admin/api/admission", { name: "Maryam", guardianName: "G", guardianMobile: uniqueMobile(), photo });
    expect(created.statusCode, created.body).toBe(200);
    expect((await sweepUploads(app.services.db, store, { tenantId: s.tenant.id })).unreferenced).toEqual([]);
    expect((await s.api.get(photo)).statusCode).toBe(200);
  });
});

describe("tar", () => {
  it("reads back what it writes, and refuses a damaged header", async () => {
    const big = randomBytes(70_000);
    const chunks: Buffer[] = [];
    const mtime = new Date("2026-01-02T03:04:05Z");
    for await (const c of writeTar([
      { name: "a.json", size: 2, mtime, body: Buffer.from("{}") },
      { name: "empty", size: 0, mtime, body: Buffer.alloc(0) },
      { name: "uploads/7/big.bin", size: big.length, mtime, body: Readable.from([big.subarray(0, 1000), big.subarray(1000)]) },
    ]))
      chunks.push(c);
    const archive = Buffer.concat(chunks);
    expect(archive.length % 512).toBe(0);
    const read: { name: string; body: Buffer; mtime: Date }[] = [];
    for await (const item of readTar(Readable.from([archive.subarray(0, 700), archive.subarray(700)]))) {
      // The second entry's body is left unread: the reader skips it.
      if (item.name === "empty") continue;
      const parts: Buffer[] = [];
      for await (const p of item.body) parts.push(p);
      read.push({ name: item.name, body: Buffer.concat(parts), mtime: item.mtime });
    }
    expect(read.map((r) => r.name)).toEqual(["a.json", "uploads/7/big.bin"]);
    expect(read[1]!.body.equals(big)).toBe(true);
    expect(read[0]!.mtime).toEqual(mtime);

    const damaged = Buffer.from(archive);
    damaged[10] = 0x41;
    await expect(
      (async () => {
        for await (const _ of readTar(Readable.from([damaged]))) {
          // reading is what fails
        }
      })(),
    ).rejects.toThrow(/checksum/);
    await expect(
      (async () => {
        for await (const item of writeTar([{ name: "short", size: 10, mtime, body: Buffer.from("abc") }])) void item;
      })(),
    ).rejects.toThrow(/changed while it was read/);
  });

  it("writes archives that tar itself lists", async () => {
    const dir = tempDataDir();
    mkdirSync(join(dir, "x"));
    const chunks: Buffer[] = [];
    for await (const c of writeTar([{ name: "uploads/1/f.txt", size: 5, mtime: new Date(), body: Buffer.from("hello") }])) chunks.push(c);
    writeFileSync(join(dir, "a.tar"), Buffer.concat(chunks));
    const { execFileSync } = await import("node:child_process");
    execFileSync("tar", ["-xf", join(dir, "a.tar"), "-C", join(dir, "x")]);
    expect(readFileSync(join(dir, "x", "uploads", "1", "f.txt"), "utf8")).toBe("hello");
  });
});
