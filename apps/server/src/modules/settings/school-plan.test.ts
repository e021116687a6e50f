import { describe, expect, it } from "vitest";
import { adminOfNewTenant, PASSWORD, signIn, type TestApp, testApp, uniqueCode, uniqueMobile } from "../../../test/harness.js";
import { rolesOf, signedInUser } from "../../../test/people.js";
import { addStudent, ok } from "../academics/school.fixture.js";
import { provisionTenant } from "../provision.js";

const app: TestApp = await testApp();

interface Plan {
  plan: { code: string; name: string } | null;
  status: string;
  startedOn: string | null;
  renewsOn: string | null;
  prices: { currency: string; period: string; amount: number }[];
  limits: { key: string; label: string; limit: number | null; used: number }[];
  features: { key: string; label: string }[];
  wallets: { channel: string; balance: number; held: number; currency: string }[];
}

const daysBetween = (a: string, b: string) => (Date.parse(`${b}T00:00:00Z`) - Date.parse(`${a}T00:00:00Z`)) / 86_400_000;

describe("the school's plan", () => {
  it("starts a new school on the Standard trial, with limits beside what it uses, prices in its currency and its wallets", async () => {
    const { api } = await adminOfNewTenant(app);
    const first = (await ok<{ message: string; data: Plan }>(api.get("/admin/api/plan"))).data;
    expect(first.plan).toMatchObject({ code: "standard", name: "Standard" });
    expect(first.status).toBe("trial");
    expect(daysBetween(first.startedOn!, first.renewsOn!)).toBe(30);
    expect(first.limits.map((l) => l.key)).toEqual(["students", "staff", "storageMb"]);
    expect(first.limits.find((l) => l.key === "students")).toMatchObject({ limit: 500, used: 0 });
    // The admin is the school's one member of staff so far.
    expect(first.limits.find((l) => l.key === "staff")).toMatchObject({ limit: 40, used: 1 });
    expect(first.features.map((f) => f.key)).toContain("fees");
    expect(first.prices).toEqual([
      { currency: "INR", period: "monthly", amount: 149_900 },
      { currency: "INR", period: "yearly", amount: 1_499_000 },
    ]);
    expect(first.wallets.map((w) => [w.channel, w.balance, w.currency]).sort()).toEqual([
      ["email", 0, "INR"],
      ["sms", 0, "INR"],
      ["whatsapp", 0, "INR"],
    ]);

    await addStudent(api);
    await addStudent(api);
    const roles = await rolesOf(api);
    const staff = await api.post("/admin/api/user", { name: "Teacher", mobile: uniqueMobile(), roleIds: [roles.staff] });
    expect(staff.statusCode, staff.body).toBe(200);
    // A parent is not staff.
    await api.post("/admin/api/user", { name: "Parent", mobile: uniqueMobile(), roleIds: [roles.parent] });
    const later = (await ok<{ data: Plan }>(api.get("/admin/api/plan"))).data;
    expect(later.limits.find((l) => l.key === "students")?.used).toBe(2);
    expect(later.limits.find((l) => l.key === "staff")?.used).toBe(2);
    // The subscription was made once: reading again changes no date.
    expect([later.startedOn, later.renewsOn]).toEqual([first.startedOn, first.renewsOn]);
  });

  it("shows a Pakistani school its prices in rupees of Pakistan", async () => {
    const code = uniqueCode();
    const mobile = uniqueMobile();
    await provisionTenant(app.services.db, {
      code,
      name: "Madrasa Lahore",
      country: "PK",
      currency: "PKR",
      timeZone: "Asia/Karachi",
      admin: { name: "Admin", mobile, password: PASSWORD },
    });
    const { api } = await signIn(app, code, mobile);
    const plan = (await ok<{ data: Plan }>(api.get("/admin/api/plan"))).data;
    expect(plan.prices).toEqual([
      { currency: "PKR", period: "monthly", amount: 450_000 },
      { currency: "PKR", period: "yearly", amount: 4_500_000 },
    ]);
    expect(plan.wallets.every((w) => w.currency === "PKR")).toBe(true);
    const tariffs = (
      await ok<{ data: { category: string; country: string; price: number; currency: string }[] }>(api.get("/admin/api/payments/whatsapp/tariffs"))
    ).data;
    expect(tariffs).toContainEqual({ category: "utility", country: "PK", price: 150, currency: "PKR" });
    expect(tariffs.every((t) => t.currency === "PKR")).toBe(true);
  });

  it("lists WhatsApp prices by category and country in the school's currency, and nothing of the other channels", async () => {
    const { api } = await adminOfNewTenant(app);
    const res = await ok<{ message: string; data: { category: string; country: string; price: number; currency: string }[] }>(
      api.get("/admin/api/payments/whatsapp/tariffs"),
    );
    expect(res.data).toContainEqual({ category: "utility", country: "IN", price: 13, currency: "INR" });
    expect(res.data).toContainEqual({ category: "marketing", country: "IN", price: 94, currency: "INR" });
    expect(res.data).toContainEqual({ category: "utility", country: "*", price: 150, currency: "INR" });
    // SMS costs 25 paise in India: not a WhatsApp price.
    expect(res.data.some((t) => t.price === 25)).toBe(false);
  });

  it("pages the school's payments to the platform, newest first, 10 to a page by default, and never another school's", async () => {
    const { api } = await adminOfNewTenant(app);
    const other = await adminOfNewTenant(app);
    await ok(other.api.post("/admin/api/payments/recharge/order", { channel: "sms", amount: 10_000 }));
    const amounts = Array.from({ length: 12 }, (_, i) => 10_000 + i * 100);
    for (const amount of amounts) await ok(api.post("/admin/api/payments/recharge/order", { channel: "whatsapp", amount }));
    const page1 = await ok<{ data: { amount: number; purpose: string; status: string; channel: string }[]; pagination: Record<string, number> }>(
      api.get("/admin/api/payments"),
    );
    expect(page1.pagination).toEqual({ page: 1, limit: 10, total: 12, pages: 2 });
    expect(page1.data.map((p) => p.amount)).toEqual(amounts.slice(2).reverse());
    expect(page1.data[0]).toMatchObject({ purpose: "recharge", status: "created", channel: "whatsapp" });
    const page2 = await ok<{ data: { amount: number }[]; pagination: Record<string, number> }>(api.get("/admin/api/payments?page=2&limit=10"));
    expect(page2.data.map((p) => p.amount)).toEqual(amounts.slice(0, 2).reverse());
    const bad = await api.get("/admin/api/payments?limit=1000");
    expect(bad.statusCode).toBe(400);
  });

  it("is the admin's: a member of staff without the settings module is refused", async () => {
    const { api, tenant } = await adminOfNewTenant(app);
    const roles = await rolesOf(api);
    const teacher = await signedInUser(app, tenant, api, [roles.staff!]);
    for (const url of ["/admin/api/plan", "/admin/api/payments", "/admin/api/payments/whatsapp/tariffs"]) {
      expect((await teacher.api.get(url)).statusCode, url).toBe(403);
    }
    expect((await teacher.api.post("/admin/api/payments/recharge/order", { channel: "sms", amount: 10_000 })).statusCode).toBe(403);
  });
});
