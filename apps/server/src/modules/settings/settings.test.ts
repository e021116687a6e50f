import { beforeAll, describe, expect, it } from "vitest";
import { adminOfNewTenant, client, PASSWORD, type TestApp, testApp } from "../../../test/harness.js";
import { addUser, newStudentId, rolesOf, rowsOf, signedInUser } from "../../../test/people.js";

describe("settings", () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await testApp();
  });

  const school = async () => {
    const s = await adminOfNewTenant(app);
    return { ...s, roles: await rolesOf(s.api) };
  };

  it("reads and merges the school's settings", async () => {
    const { api, tenant } = await school();
    const first = (await api.get("/admin/api/setting")).json();
    expect(first).toMatchObject({ config: {}, profile: "", school: { code: tenant.code, languages: ["en"], defaultLanguage: "en", country: "IN" } });

    await api.put("/admin/api/setting", { config: { primaryColor: "#0a7", smsSenderId: "TALEEM", feeDueDay: 5 } });
    const put = await api.put("/admin/api/setting", {
      config: { smsSenderId: null, feeDueDay: 10 },
      profile: "A madrasa since 1990",
      school: { name: "Al-Huda", languages: ["en", "ar"], defaultLanguage: "ar" },
    });
    expect(put.statusCode, put.body).toBe(200);
    expect(put.json()).toMatchObject({
      message: "Settings updated successfully",
      config: { primaryColor: "#0a7", feeDueDay: 10 },
      profile: "A madrasa since 1990",
      school: { name: "Al-Huda", languages: ["en", "ar"], defaultLanguage: "ar" },
    });
    expect(put.json().config).not.toHaveProperty("smsSenderId");
    expect((await api.get("/admin/api/setting")).json()).toMatchObject({ config: { primaryColor: "#0a7", feeDueDay: 10 }, profile: "A madrasa since 1990" });
  });

  it("refuses bad settings with a 400 naming the field", async () => {
    const { api } = await school();
    const cases: [Record<string, unknown>, string][] = [
      [{ school: { languages: ["en"], defaultLanguage: "ta" } }, "school.defaultLanguage"],
      [{ school: { languages: ["xx"] } }, "school.languages.0"],
      [{ school: { logo: "javascript:alert(1)" } }, "school.logo"],
      [{ config: { big: "x".repeat(70_000) } }, "config"],
      [{ profile: "p".repeat(100_000) }, "profile"],
      [{ config: { workingDays: [0, 1] } }, "config.workingDays"],
      [{ config: { workingDays: [] } }, "config.workingDays"],
      [{ config: { workingDays: [1, 1, 2] } }, "config.workingDays"],
      [{ config: { hifzGrades: ["D", "C", "B", "A"] } }, "config.hifzGrades"],
      [{ config: { hifzGrades: ["D", "C", " ", "A", "A+"] } }, "config.hifzGrades"],
    ];
    for (const [body, field] of cases) {
      const res = await api.put("/admin/api/setting", body);
      expect(res.statusCode, field).toBe(400);
      const named = res.json().params.fields ?? [res.json().params.field];
      expect(named, field).toContain(field);
    }
  });

  it("keeps the school's working days, which its public settings show the web app", async () => {
    const { api, tenant } = await school();
    const put = await api.put("/admin/api/setting", { config: { workingDays: [6, 7, 1, 2, 3, 4] } });
    expect(put.statusCode, put.body).toBe(200);
    const open = await client(app).get(`/admin/open/setting/${tenant.code}`);
    expect(open.json().config.workingDays).toEqual([6, 7, 1, 2, 3, 4]);
  });

  it("keeps the school's words for the memorisation grades, which teachers and parents read with its public settings", async () => {
    const { api, tenant } = await school();
    const grades = ["Weak", "Fair", "Good", "Very good", "Mumtaz"];
    expect((await api.put("/admin/api/setting", { config: { hifzGrades: grades } })).statusCode).toBe(200);
    expect((await client(app).get(`/admin/open/setting/${tenant.code}`)).json().config.hifzGrades).toEqual(grades);
  });

  it("shows a stranger only the school's public face", async () => {
    const { api, tenant } = await school();
    await api.put("/admin/api/setting", {
      config: { primaryColor: "#123456", admissionsOpen: true, smsApiKey: "secret-key-123", bankAccount: "0001" },
      profile: "internal notes",
      school: { contactPhone: "+91 98000 00000", languages: ["en", "ml"] },
    });
    const res = await client(app).get(`/admin/open/setting/${tenant.code.toLowerCase()}`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      message: "Settings fetched successfully",
      code: tenant.code,
      name: `School ${tenant.code}`,
      logo: null,
      country: "IN",
      currency: "INR",
      languages: ["en", "ml"],
      defaultLanguage: "en",
      config: { primaryColor: "#123456", admissionsOpen: true },
    });
    expect(res.body).not.toMatch(/secret-key|bankAccount|internal notes|98000/);
    const unknown = await client(app).get("/admin/open/setting/NO-SUCH-SCHOOL");
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().code).toBe("tenant.unknown");
  });

  describe("wipe-data", () => {
    /** A school with a parent (linked to a student), a staff member, a second admin who is also a parent, and a custom role. */
    async function populated() {
      const s = await school();
      const parent = await addUser(s.api, { name: "Parent P", roleIds: [s.roles.parent] });
      const staff = await addUser(s.api, { name: "Staff S", roleIds: [s.roles.staff] });
      const admin2 = await addUser(s.api, { name: "Admin Two", roleIds: [s.roles.admin, s.roles.parent] });
      const custom = (await s.api.post("/admin/api/role", { name: "Librarian", area: "parent", permissions: { students: ["view"] } })).json().data;
      await s.api.put("/admin/api/setting", { config: { primaryColor: "#abcdef" } });
      await s.api.post("/admin/api/user/assign-student", { userId: parent.id, studentIds: [await newStudentId(app, s.tenant, s.api)] });
      return { ...s, parent, staff, admin2, custom };
    }

    it("refuses a wrong password with 400 and changes nothing", async () => {
      const s = await populated();
      const other = await populated();
      const snapshot = async () => ({
        users: await rowsOf(app, "users", s.tenant.id),
        roles: await rowsOf(app, "roles", s.tenant.id),
        guardians: await rowsOf(app, "guardians", s.tenant.id),
      });
      const before = await snapshot();
      const res = await s.api.post("/admin/api/setting/wipe-data", { password: "not-my-password" });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ message: "Incorrect password", error_message: "Incorrect password", code: "wipe.password" });
      expect(await snapshot()).toEqual(before);
      expect((await s.api.post("/admin/api/setting/wipe-data", { password: "" })).statusCode).toBe(400);
      expect(await snapshot()).toEqual(before);
      expect((await rowsOf(app, "users", other.tenant.id)).length).toBe(4);
    });

    it("removes all non-admin data and keeps admins, roles, settings and the other school", async () => {
      const s = await populated();
      const other = await populated();
      const otherBefore = {
        users: await rowsOf(app, "users", other.tenant.id),
        guardians: await rowsOf(app, "guardians", other.tenant.id),
        students: await rowsOf(app, "students", other.tenant.id),
      };

      const res = await s.api.post("/admin/api/setting/wipe-data", { password: PASSWORD });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ message: "Data wiped successfully. All non-admin data has been removed." });

      const left = (await s.api.get("/admin/api/user?sort=name")).json().rows;
      expect(left.map((u: { name: string }) => u.name)).toEqual(["Admin Two", "Test Admin"]);
      expect(left[0].profiles.map((p: { roleId: number }) => p.roleId).sort()).toEqual([s.roles.admin, s.roles.parent].sort());
      const roles = (await s.api.get("/admin/api/role")).json();
      expect(roles.count).toBe(5);
      expect(roles.rows.map((r: { id: number }) => r.id)).toContain(s.custom.id);
      expect((await s.api.get("/admin/api/setting")).json().config).toEqual({ primaryColor: "#abcdef" });
      expect(await rowsOf(app, "guardians", s.tenant.id)).toEqual([]);
      expect(await rowsOf(app, "students", s.tenant.id)).toEqual([]);
      expect((await rowsOf(app, "audit_log", s.tenant.id)).some((r) => r.action === "wipe-data")).toBe(true);
      expect((await rowsOf(app, "audit_log", s.tenant.id)).some((r) => r.action === "create")).toBe(true);

      expect(await rowsOf(app, "users", other.tenant.id)).toEqual(otherBefore.users);
      expect(await rowsOf(app, "guardians", other.tenant.id)).toEqual(otherBefore.guardians);
      expect(await rowsOf(app, "students", other.tenant.id)).toEqual(otherBefore.students);
      expect(otherBefore.students.length).toBe(1);
    });

    it("is for the admin area only", async () => {
      const s = await school();
      const parent = await signedInUser(app, s.tenant, s.api, [s.roles.parent!]);
      const res = await parent.api.post("/admin/api/setting/wipe-data", { password: PASSWORD });
      expect(res.statusCode).toBe(403);
      expect(res.json().redirect).toBe("/parent/home");
      const office = (await s.api.post("/admin/api/role", { name: "Office", area: "admin", permissions: { settings: ["view", "edit"] } })).json().data;
      const clerk = await signedInUser(app, s.tenant, s.api, [office.id]);
      expect((await clerk.api.post("/admin/api/setting/wipe-data", { password: PASSWORD })).statusCode).toBe(403);
      expect((await rowsOf(app, "users", s.tenant.id)).length).toBe(3);
    });
  });
});
