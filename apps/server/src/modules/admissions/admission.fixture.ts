import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { crc32, deflateSync } from "node:zlib";
import { adminOfNewTenant, client, type TestApp } from "../../../test/harness.js";
import { ok } from "../academics/school.fixture.js";

type Api = Awaited<ReturnType<typeof adminOfNewTenant>>["api"];

/** A data directory of its own, so uploaded test files never land in the repository. */
export const tempDataDir = () => mkdtempSync(join(tmpdir(), "taleem-admissions-"));

/** A real PNG of one colour (a photo stand-in that Chromium can draw). */
export function pngBytes(width = 8, height = 8, rgb: [number, number, number] = [31, 111, 92]): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const len = Buffer.alloc(4);
    len.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, "ascii"), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([len, body, crc]);
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr[8] = 8;
  ihdr[9] = 2;
  const row = Buffer.concat([Buffer.from([0]), Buffer.alloc(width * 3).map((_, i) => rgb[i % 3]!)]);
  const raw = Buffer.concat(Array.from({ length: height }, () => row));
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk("IHDR", ihdr),
    chunk("IDAT", deflateSync(raw)),
    chunk("IEND", Buffer.alloc(0)),
  ]);
}

/** A small but well-formed PDF. */
export const pdfBytes = () =>
  Buffer.from(
    "%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj 2 0 obj<</Type/Pages/Kids[3 0 R]/Count 1>>endobj 3 0 obj<</Type/Page/Parent 2 0 R/MediaBox[0 0 3 3]>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n",
  );

export const dataUrl = (type: string, bytes: Buffer) => `data:${type};base64,${bytes.toString("base64")}`;
export const png = (name = "photo.png", bytes = pngBytes()) => ({ name, data: dataUrl("image/png", bytes) });

/** A school taking applications, its admin signed in. */
export async function admissionSchool(app: TestApp) {
  const admin = await adminOfNewTenant(app);
  await ok(admin.api.put("/admin/api/setting", { config: { admissionsOpen: true } }));
  return admin;
}

export async function publicForm(app: TestApp, code: string, lang = "en") {
  const res = await client(app).get(`/admin/open/admission/${code}/form?lang=${lang}`);
  if (res.statusCode !== 200) throw new Error(`form: ${res.statusCode} ${res.body}`);
  return res.json() as {
    open: boolean;
    consent: { version: string; texts: Record<string, string> };
    fields: { key: string; required: boolean; builtin: boolean; labels: Record<string, string> }[];
    courses: { id: number; name: string }[];
  };
}

let seq = 0;
/** A valid application body for a school's form, with the consent as the form shows it. */
export async function application(app: TestApp, code: string, fields: Record<string, unknown> = {}) {
  const form = await publicForm(app, code);
  const n = ++seq;
  return {
    name: `Child ${process.pid}-${n}`,
    gender: "female",
    dateOfBirth: "2016-03-09",
    guardian: { name: "Guardian Name", mobile: `98470${String(process.pid % 100).padStart(2, "0")}${String(n).padStart(3, "0")}` },
    consent: { accepted: true, version: form.consent.version, language: "en" },
    ...fields,
  };
}

/** Sends an application as the web form does, from the tests' address or from `remoteAddress`. */
export async function apply(app: TestApp, code: string, body: unknown, remoteAddress?: string) {
  if (!remoteAddress) return client(app).post(`/admin/open/admission/${code}`, body);
  return app.inject({
    method: "POST",
    url: `/admin/open/admission/${code}`,
    headers: { "x-requested-with": "XMLHttpRequest" },
    payload: body as Record<string, unknown>,
    remoteAddress,
  });
}

/** An application filed through the public form; its row as the admin sees it. */
export async function filed(app: TestApp, api: Api, code: string, fields: Record<string, unknown> = {}) {
  const res = await apply(app, code, await application(app, code, fields));
  if (res.statusCode !== 200) throw new Error(`apply: ${res.statusCode} ${res.body}`);
  const { applicationNo } = res.json() as { applicationNo: string };
  const list = await ok<{ rows: { id: number; applicationNo: string }[] }>(api.get(`/admin/api/admission?q=${applicationNo}`));
  return { applicationNo, id: list.rows.find((r) => r.applicationNo === applicationNo)!.id };
}
