import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { adminOfNewTenant, client, type TestApp, testApp } from "../../../test/harness.js";
import { ok } from "../academics/school.fixture.js";
import { dataUrl, pdfBytes, png, pngBytes, tempDataDir } from "../admissions/admission.fixture.js";

type Api = Awaited<ReturnType<typeof adminOfNewTenant>>["api"];

/** A hostel request form with a room choice (required), a date, a count and a document. */
async function hostelForm(api: Api, isPublic = true) {
  const record = (
    await ok<{ data: { id: number; publicPath: string | null; publicPage: string | null } }>(
      api.post("/admin/api/custom-record", { name: "Hostel request", labels: { ar: "طلب السكن" }, isPublic }),
    )
  ).data;
  const field = (body: Record<string, unknown>) => ok(api.post("/admin/api/field", { entity: "record", recordId: record.id, ...body }));
  await field({ key: "room", label: "Room type", kind: "choice", options: [{ value: "single" }, { value: "shared" }], required: true, order: 1 });
  await field({ key: "from", label: "From", kind: "date", order: 2 });
  await field({ key: "nights", label: "Nights", kind: "number", min: 1, max: 30, order: 3 });
  await field({ key: "letter", label: "Letter", kind: "file", accept: ["pdf"], order: 4 });
  return record;
}

describe("custom records", () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await testApp({ DATA_DIR: tempDataDir() });
  });
  afterAll(async () => {
    await app?.close();
  });

  it("collects rows checked against the record type's fields, and lists and finds them", async () => {
    const { api } = await adminOfNewTenant(app);
    const record = await hostelForm(api);
    const detail = await ok<{ data: { name: string; fields: { key: string; required: boolean }[]; entries: number } }>(
      api.get(`/admin/api/custom-record/${record.id}`),
    );
    expect(detail.data.fields.map((f) => f.key)).toEqual(["room", "from", "nights", "letter"]);
    expect(detail.data.fields[0]!.required).toBe(true);

    const added = await ok<{ data: { id: number; data: Record<string, unknown>; source: string; submittedByName: string } }>(
      api.post("/admin/api/custom-record/adddata", {
        recordId: record.id,
        data: { room: "single", from: "2026-06-01", nights: "4", letter: { name: "letter.pdf", data: dataUrl("application/pdf", pdfBytes()) } },
      }),
    );
    expect(added.data).toMatchObject({
      source: "admin",
      submittedByName: "Test Admin",
      data: { room: "single", from: "2026-06-01", nights: 4, letter: { name: "letter.pdf", type: "application/pdf" } },
    });
    const letterPath = (added.data.data.letter as { path: string }).path;
    expect((await api.get(letterPath)).statusCode).toBe(200);
    // A signed-in user may also name a file uploaded before.
    const up = await ok<{ data: { path: string } }>(api.post("/admin/api/upload", { name: "l.pdf", data: pdfBytes().toString("base64"), module: "records" }));
    await ok(api.post("/admin/api/custom-record/adddata", { recordId: record.id, data: { room: "shared", letter: up.data.path } }));

    const bad = await api.post("/admin/api/custom-record/adddata", {
      recordId: record.id,
      data: { nights: 31, from: "June", letter: png(), colour: "red" },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().params.fields.sort()).toEqual(["data.colour", "data.from", "data.letter", "data.nights", "data.room"]);

    const list = await ok<{ rows: { id: number }[]; count: number }>(api.get(`/admin/api/custom-record/data?recordId=${record.id}`));
    expect(list.count).toBe(2);
    expect((await ok<{ count: number }>(api.get("/admin/api/custom-record/data?q=shared"))).count).toBe(1);
    expect((await ok<{ count: number }>(api.get("/admin/api/custom-record/data?source=public"))).count).toBe(0);
    expect((await api.get("/admin/api/custom-record/data?from=yesterday")).statusCode).toBe(400);
    const one = await ok<{ data: { id: number; recordName: string } }>(api.get(`/admin/api/custom-record/id/${added.data.id}`));
    expect(one.data).toMatchObject({ id: added.data.id, recordName: "Hostel request" });
    const all = await ok<{ rows: { id: number; entries: number }[]; count: number }>(api.get("/admin/api/custom-record/all"));
    expect(all.rows).toMatchObject([{ id: record.id, entries: 2 }]);

    const refused = await api.delete(`/admin/api/custom-record/${record.id}`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ code: "custom_record.has_entries", params: { entries: 2 } });
    for (const e of list.rows) expect((await api.delete(`/admin/api/custom-record/data/${e.id}`)).statusCode).toBe(200);
    expect((await api.delete(`/admin/api/custom-record/${record.id}`)).statusCode).toBe(200);
    // Its fields went with it.
    expect((await ok<{ count: number }>(api.get("/admin/api/field?entity=record"))).count).toBe(0);
  });

  it("answers another school's record types and rows with 404", async () => {
    const a = await adminOfNewTenant(app);
    const b = await adminOfNewTenant(app);
    const theirs = await hostelForm(b.api);
    const row = await ok<{ data: { id: number } }>(b.api.post("/admin/api/custom-record/adddata", { recordId: theirs.id, data: { room: "single" } }));
    for (const res of [
      await a.api.get(`/admin/api/custom-record/${theirs.id}`),
      await a.api.get(`/admin/api/custom-record/id/${row.data.id}`),
      await a.api.post("/admin/api/custom-record/adddata", { recordId: theirs.id, data: { room: "single" } }),
      await a.api.delete(`/admin/api/custom-record/data/${row.data.id}`),
    ]) {
      expect(res.statusCode).toBe(404);
    }
    expect((await ok<{ count: number }>(a.api.get(`/admin/api/custom-record/data?recordId=${theirs.id}`))).count).toBe(0);
    expect((await a.api.post("/admin/api/custom-record/adddata", { data: {} })).statusCode).toBe(400);
  });

  it("opens a record type to the public by an unguessable address, and takes submissions there", async () => {
    const { api, tenant } = await adminOfNewTenant(app);
    const record = await hostelForm(api);
    // The API path for integrations, and the web page parents open: the same token and school.
    expect(record.publicPath).toMatch(new RegExp(`^/admin/open/field/record/[A-Za-z0-9_-]{43}/${tenant.code}$`));
    expect(record.publicPage).toMatch(new RegExp(`^/open/record/[A-Za-z0-9_-]{43}/${tenant.code}$`));
    expect(record.publicPage!.split("/").slice(-2)).toEqual(record.publicPath!.split("/").slice(-2));
    const anon = client(app);
    const form = await anon.get(record.publicPath!);
    expect(form.statusCode, form.body).toBe(200);
    expect(form.json()).toMatchObject({
      school: { code: tenant.code },
      record: { name: "Hostel request", labels: { ar: "طلب السكن" } },
      limits: { submissionBytes: 10 * 1024 * 1024 },
    });
    expect(form.json().fields.map((f: { key: string }) => f.key)).toEqual(["room", "from", "nights", "letter"]);

    const sent = await anon.post(record.publicPath!, { data: { room: "shared", nights: 2, letter: { name: "l.pdf", data: pdfBytes().toString("base64") } } });
    expect(sent.statusCode, sent.body).toBe(200);
    const rows = await ok<{ rows: { source: string; submittedBy: number | null; data: Record<string, unknown> }[] }>(
      api.get(`/admin/api/custom-record/data?recordId=${record.id}`),
    );
    expect(rows.rows).toMatchObject([{ source: "public", submittedBy: null, data: { room: "shared", nights: 2 } }]);
    // A stranger cannot point at the school's files; a fake PDF is refused.
    const up = await ok<{ data: { path: string } }>(api.post("/admin/api/upload", { name: "l.pdf", data: pdfBytes().toString("base64"), module: "records" }));
    expect((await anon.post(record.publicPath!, { data: { room: "single", letter: up.data.path } })).statusCode).toBe(400);
    expect(
      (await anon.post(record.publicPath!, { data: { room: "single", letter: { name: "l.pdf", data: dataUrl("application/pdf", pngBytes()) } } })).statusCode,
    ).toBe(400);
    expect((await anon.post(record.publicPath!, { data: {} })).json().params.fields).toEqual(["data.room"]);

    // Not public, wrong token, wrong school: all simply not found, and the screen offers no link.
    const closed = await ok<{ data: { publicPath: string | null; publicPage: string | null } }>(
      api.put("/admin/api/custom-record", { id: record.id, isPublic: false }),
    );
    expect(closed.data).toMatchObject({ publicPath: null, publicPage: null });
    expect((await anon.get(record.publicPath!)).statusCode).toBe(404);
    await ok(api.put("/admin/api/custom-record", { id: record.id, isPublic: true }));
    expect((await anon.get(record.publicPath!.replace(/[A-Za-z0-9_-]{43}/, "A".repeat(43)))).statusCode).toBe(404);
    const other = await adminOfNewTenant(app);
    expect((await anon.get(record.publicPath!.replace(tenant.code, other.tenant.code))).statusCode).toBe(404);
    expect((await anon.get("/admin/open/field/record/short/X")).statusCode).toBe(404);
  });

  it("keeps a record type's name per language, checked like every localised text", async () => {
    const { api, tenant } = await adminOfNewTenant(app);
    const record = await hostelForm(api);
    const saved = await ok<{ data: { labels: Record<string, string> } }>(
      api.put("/admin/api/custom-record", { id: record.id, labels: { ar: " طلب السكن ", ml: "ഹോസ്റ്റൽ അപേക്ഷ" } }),
    );
    expect(saved.data.labels).toEqual({ ar: "طلب السكن", ml: "ഹോസ്റ്റൽ അപേക്ഷ" });
    const listed = await ok<{ rows: { id: number; labels: Record<string, string> }[] }>(api.get("/admin/api/custom-record"));
    expect(listed.rows.find((r) => r.id === record.id)?.labels).toEqual({ ar: "طلب السكن", ml: "ഹോസ്റ്റൽ അപേക്ഷ" });
    const form = await client(app).get(record.publicPath!);
    expect(form.json().record.labels).toEqual({ ar: "طلب السكن", ml: "ഹോസ്റ്റൽ അപേക്ഷ" });
    expect(form.json().school.code).toBe(tenant.code);

    for (const labels of [{ fr: "Demande" }, { ar: "" }, { ta: "   " }, { en: "x".repeat(201) }, ["Hostel"], "Hostel"]) {
      const res = await api.put("/admin/api/custom-record", { id: record.id, labels });
      expect(res.statusCode, JSON.stringify(labels)).toBe(400);
      expect(res.json().params.fields.some((f: string) => f.startsWith("labels"))).toBe(true);
    }
    expect((await api.post("/admin/api/custom-record", { name: "Transport", labels: { de: "Transport" } })).statusCode).toBe(400);
    // Nothing refused was stored; an empty set clears the names.
    expect((await ok<{ data: { labels: object } }>(api.get(`/admin/api/custom-record/${record.id}`))).data.labels).toEqual({
      ar: "طلب السكن",
      ml: "ഹോസ്റ്റൽ അപേക്ഷ",
    });
    expect((await ok<{ data: { labels: object } }>(api.put("/admin/api/custom-record", { id: record.id, labels: {} }))).data.labels).toEqual({});
  });

  it("limits public submissions per address", async () => {
    const { api } = await adminOfNewTenant(app);
    const record = await hostelForm(api);
    const codes: number[] = [];
    for (let i = 0; i < 21; i++) codes.push((await client(app).post(record.publicPath!, { data: { room: "single" } })).statusCode);
    expect(codes.slice(0, 20).every((c) => c === 200)).toBe(true);
    expect(codes[20]).toBe(429);
  });
});
