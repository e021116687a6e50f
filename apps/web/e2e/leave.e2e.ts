import { describe, expect, it } from "vitest";
import { adminApi, baseUrl, DEMO, PHONE, setupBrowser, signInWithMobile, switchLanguage } from "./harness";

const browser = setupBrowser();

/** A parent of the demo school's own (the demo parent is shared, and stays in English), with one child. */
async function freshParent() {
  const admin = await adminApi();
  const roles = await admin.get<{ rows: { id: number; builtin: string | null }[] }>("/admin/api/role?limit=100");
  const mobile = `+9195${String(Math.floor(Math.random() * 1e8)).padStart(8, "0")}`;
  const parent = await admin.post<{ data: { id: number } }>("/admin/api/user", {
    name: "Rukhsana",
    mobile,
    password: DEMO.password,
    roleIds: [roles.rows.find((r) => r.builtin === "parent")!.id],
  });
  const tag = Math.random().toString(36).slice(2, 8).toUpperCase();
  const child = await admin.post<{ data: { id: number } }>("/admin/api/student", {
    admissionNo: `LV-${tag}`,
    name: `Sana ${tag}`,
    guardians: [{ userId: parent.data.id, relation: "mother" }],
  });
  return { admin, mobile, childId: child.data.id };
}

/** The parent's own API, as the app calls it. */
async function parentApi(mobile: string) {
  const login = await fetch(`${baseUrl()}/admin/open/auth/login-mobile`, {
    method: "POST",
    headers: { "content-type": "application/json", "x-requested-with": "XMLHttpRequest" },
    body: JSON.stringify({ code: DEMO.code, mobile, password: DEMO.password }),
  });
  const { token } = (await login.json()) as { token: string };
  return async <T>(method: string, path: string, body?: unknown): Promise<T> => {
    const res = await fetch(`${baseUrl()}${path}`, {
      method,
      headers: { "content-type": "application/json", "x-requested-with": "XMLHttpRequest", "x-access-token": token },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${await res.text()}`);
    return (await res.json()) as T;
  };
}

describe("leave in the reader's language", () => {
  it("an Urdu parent reads the leave type as the form offered it, and the school's decision in Urdu with the days written", async () => {
    const { admin, mobile, childId } = await freshParent();
    const page = await browser.page({ ...PHONE, deviceScaleFactor: 2 });
    await signInWithMobile(page, mobile);

    // Travel leave, applied for as the form does.
    const call = await parentApi(mobile);
    const mine = await call<{ types: { id: number; builtinKey: string | null }[] }>("GET", "/user/api/home/leave");
    const travel = mine.types.find((t) => t.builtinKey === "travel")!;
    const applied = await call<{ data: { id: number } }>("POST", "/user/api/home/leave", {
      studentId: childId,
      leaveTypeId: travel.id,
      fromDate: "2026-12-21",
      toDate: "2026-12-23",
      reason: "عمرہ",
    });
    await page.goto("/parent/leave");
    await page.getByText(/Travel ·/).waitFor();
    await page.waitForLoadState("networkidle");
    await page.getByText(/Travel ·/).waitFor();
    await page.screenshot({ path: "/tmp/shots/leave-list-en.png", fullPage: true });

    // The parent switches to Urdu: the profile keeps it, and what the server writes follows it.
    await switchLanguage(page, "ur");
    const me = (await (await page.request.get("/user/api/user")).json()) as { data: { language: string } };
    expect(me.data.language).toBe("ur");
    await admin.call("PUT", `/admin/api/leaveapplications/process/${applied.data.id}`, { comment: "سفر بخیر" });

    // The list names the type as the form offers it ("سفر"), never the stored "Travel".
    await page.goto("/parent/leave");
    await page.getByText(/^سفر ·/).waitFor();
    await page.waitForLoadState("networkidle");
    await page.getByText(/^سفر ·/).waitFor();
    expect(await page.getByText("Travel").count()).toBe(0);
    await page.screenshot({ path: "/tmp/shots/leave-list-ur.png", fullPage: true });

    // The decision, in Urdu, with the days written in Urdu and no stored YYYY-MM-DD.
    await page.goto("/parent/notifications");
    const notice = page.getByText("چھٹی منظور", { exact: true }).first();
    await notice.waitFor();
    const body = page.getByText(/کی .*دسمبر.* سے .*دسمبر.* تک چھٹی منظور ہو گئی ہے/).first();
    await body.waitFor();
    expect(await body.textContent()).not.toContain("2026-12-21");
    // Drawn right to left: the child's name starts the line at its right edge, and each day reads
    // as written ("21 دسمبر، 2026"), not reordered against the words around it.
    const drawn = await body.evaluate((el) => {
      const text = el.firstChild as Text;
      const after = text.data.indexOf("کی");
      const box = (word: string, from = 0) => {
        const at = text.data.indexOf(word, from);
        const range = document.createRange();
        range.setStart(text, at);
        range.setEnd(text, at + word.length);
        return range.getClientRects()[0]!;
      };
      const [name, of, day, year] = [box("Sana"), box("کی"), box("21", after), box("2026", after)];
      return {
        nameRight: name.right,
        ofRight: of.right,
        nameTop: name.top,
        ofTop: of.top,
        dayRight: day.right,
        yearLeft: year.left,
        yearTop: year.top,
        dayTop: day.top,
      };
    });
    expect(drawn.nameRight).toBeGreaterThan(drawn.ofRight);
    if (drawn.yearTop === drawn.dayTop) expect(drawn.dayRight).toBeGreaterThan(drawn.yearLeft);
    expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
    await page.waitForLoadState("networkidle");
    await body.waitFor();
    await page.screenshot({ path: "/tmp/shots/leave-notice-ur.png" });
  });
});
