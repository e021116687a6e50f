import { beforeAll, describe, expect, it } from "vitest";
import { adminOfNewTenant, type TestApp, testApp } from "../../../test/harness.js";
import { ok } from "../academics/school.fixture.js";

type Made = { data: { key: string; label: string } };

describe("custom field keys made from the label", () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await testApp();
  });

  it("names the key after the label when the school gives none, unique in its list and clear of built-in fields", async () => {
    const { api } = await adminOfNewTenant(app);
    const add = async (entity: string, label: string, extra: Record<string, unknown> = {}) =>
      (await ok<Made>(api.post("/admin/api/field", { entity, label, kind: "text", ...extra }))).data.key;

    expect(await add("student", "Blood group")).toBe("bloodGroup");
    expect(await add("student", "Blood Group!")).toBe("bloodGroup2");
    // Applications keep their own keys: the same label there takes the plain key.
    expect(await add("admission", "Blood group")).toBe("bloodGroup");
    // "Name" is a student's own field: the custom one gets the next free key.
    expect(await add("student", "Name")).toBe("name2");
    // A label in Malayalam has no Latin letters to make a key from.
    expect(await add("student", "രക്തഗ്രൂപ്പ്")).toBe("field");
    expect(await add("student", "ജന്മസ്ഥലം")).toBe("field2");
    // A key given explicitly is kept, and a taken one is still refused.
    expect(await add("student", "Hobby", { key: "pastime" })).toBe("pastime");
    const taken = await api.post("/admin/api/field", { entity: "student", label: "Hobby", key: "bloodgroup", kind: "text" });
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toMatchObject({ code: "custom_field.key_taken", params: { field: "key" } });

    const other = await adminOfNewTenant(app);
    expect((await ok<Made>(other.api.post("/admin/api/field", { entity: "student", label: "Blood group", kind: "text" }))).data.key).toBe("bloodGroup");
  });
});
