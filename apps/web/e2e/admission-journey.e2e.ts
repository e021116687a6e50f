import { mkdirSync } from "node:fs";
import { deflateSync } from "node:zlib";
import AxeBuilder from "@axe-core/playwright";
import type { Locator, Page } from "playwright-core";
import { beforeAll, describe, expect, it } from "vitest";
import { adminApi, appReady, codeFromLog, DEMO, logMark, PHONE, setupBrowser, signInAs } from "./harness";

const browser = setupBrowser();
const tag = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
function crc32(buf: Buffer): number {
  let c = 0xffffffff;
  for (const b of buf) c = CRC_TABLE[(c ^ b) & 0xff]! ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}
function pngChunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, "ascii"), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}
/** A small, complete PNG (the server checks the content, not only the name). */
function tinyPng(size = 16): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header[8] = 8; // bit depth
  header[9] = 2; // truecolour
  const row = size * 3 + 1;
  const pixels = Buffer.alloc(row * size);
  for (let y = 0; y < size; y++) for (let x = 0; x < size; x++) pixels.set([20, 120 + x * 4, 100 + y * 4], y * row + 1 + x * 3);
  const signature = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  return Buffer.concat([signature, pngChunk("IHDR", header), pngChunk("IDAT", deflateSync(pixels)), pngChunk("IEND", Buffer.alloc(0))]);
}

type Saved = { data: { id: number } };

/** Opens a Mantine select and picks an option, typing first when the list is long enough to be searchable. */
async function choose(page: Page, scope: Locator, label: string, option: string) {
  const input = scope.getByRole("textbox", { name: label, exact: true }).or(scope.getByRole("combobox", { name: label, exact: true }));
  await input.click();
  if (await input.isEditable()) await input.fill(option);
  await page.getByRole("option", { name: option, exact: true }).click();
}

describe("admission journey", () => {
  const childName = `Amina Journey ${tag}`;
  const guardianMobile = `+9197${String(Date.now()).slice(-4)}${String(Math.floor(Math.random() * 1e4)).padStart(4, "0")}`;
  const batchName = `Journey ${tag}`;
  let classroomId = 0;

  beforeAll(async () => {
    mkdirSync("/tmp/shots", { recursive: true });
    const api = await adminApi();
    const batch = await api.post<Saved>("/admin/api/batch", { name: batchName, startDate: "2026-06-01", endDate: "2027-03-31" });
    const course = await api.post<Saved>("/admin/api/course", { name: `Hifz ${tag}`, kind: "madrasa" });
    const cls = await api.post<Saved>("/admin/api/course/class", { courseId: course.data.id, name: `Juz ${tag}`, order: 1 });
    const room = await api.post<Saved>("/admin/api/classRoom", { batchId: batch.data.id, courseClassId: cls.data.id, name: "A" });
    classroomId = room.data.id;
  });

  it("a parent applies in Malayalam, the school approves and enrols, the parent signs in and sees the child", async () => {
    // 1. The public form on a phone, in Malayalam, with a photo.
    const form = await browser.page({ ...PHONE, language: "ml" });
    await form.goto(`/open/admission/${DEMO.code}`);
    await form.getByTestId("school-name").waitFor();
    expect(await form.evaluate(() => document.documentElement.lang)).toBe("ml");
    await form.getByText("പ്രവേശന അപേക്ഷ").first().waitFor();
    await form.locator("input[name=name]").fill(childName);
    await form.locator("input[name=gender][value=female]").check();
    // Typed day first, as in India (the demo school's country): 5 April 2018, whatever the phone's own order.
    await form.locator("input[name=dateOfBirth]").fill("05/04/2018");
    await form.locator("input[type=file][name=photo]").setInputFiles({ name: "amina.png", mimeType: "image/png", buffer: tinyPng() });
    await form.getByRole("img", { name: "തിരഞ്ഞെടുത്ത ഫോട്ടോ" }).waitFor();
    await form.locator("input[name=guardianName]").fill(`Safiya ${tag}`);
    await form.locator("input[name=guardianMobile]").fill(guardianMobile);
    await form.locator("input[name=consent]").check();
    await form.screenshot({ path: "/tmp/shots/journey-form-ml.png", fullPage: true });
    await form.getByRole("button", { name: "അപേക്ഷ അയയ്ക്കുക" }).click();
    const applicationNo = (await form.getByTestId("application-no").textContent())!.trim();
    expect(applicationNo).toMatch(/^ADM-\d{4}-\d{4,}$/);
    await form.getByText("അപേക്ഷ ലഭിച്ചു").waitFor();

    // 2. The school finds it, approves it and enrols the child.
    const admin = await browser.page();
    await signInAs(admin, "admin");
    await admin.goto(`/admin/admissions?q=${encodeURIComponent(applicationNo)}`);
    await admin.getByRole("link", { name: applicationNo }).click();
    await admin.getByTestId("admission-name").getByText(childName).waitFor();
    await admin.getByRole("img", { name: "Photo of the child" }).waitFor();
    const saved = await (await adminApi()).get<{ rows: { dateOfBirth: string | null }[] }>(`/admin/api/admission?q=${encodeURIComponent(applicationNo)}`);
    expect(saved.rows.map((r) => r.dateOfBirth)).toEqual(["2018-04-05"]);
    await admin.getByTestId("print-preview").waitFor();
    await admin.getByRole("button", { name: "Approve" }).click();
    await admin.getByRole("dialog").getByRole("button", { name: "Approve" }).click();
    await admin.getByTestId("admission-status").getByText("Approved").waitFor();
    await admin.getByRole("button", { name: "Enrol" }).click();
    const dialog = admin.getByRole("dialog");
    await choose(admin, dialog, "Academic year", batchName);
    await choose(admin, dialog, "Classroom", `Juz ${tag}-A (Hifz ${tag})`);
    await dialog.getByRole("button", { name: "Enrol" }).click();
    await admin.getByTestId("admission-status").getByText("Enrolled").waitFor();

    // 3. The child is on the classroom's roster.
    await admin.goto(`/admin/classrooms/${classroomId}`);
    await admin.getByText(childName).first().waitFor();

    // 4. The guardian signs in with a one-time code, sets a password, and sees the child.
    const parent = await browser.page({ ...PHONE, language: "en", schoolCode: DEMO.code });
    await parent.goto("/auth/sign-in");
    await parent.getByRole("button", { name: "Sign in with a one-time code" }).click();
    await parent.locator("input[type=tel]").fill(guardianMobile);
    const mark = logMark();
    await parent.getByRole("button", { name: "Send code" }).click();
    const code = await codeFromLog(guardianMobile, "login", mark);
    await parent.locator("input[name=otp]").fill(code);
    await parent.getByRole("button", { name: "Verify and sign in" }).click();
    await parent.waitForURL((u) => u.pathname === "/auth/set-password");
    // "Not now" is a target a finger can hit on the phone, not a 20 px line of text.
    const notNow = await parent.locator("form a").last().boundingBox();
    expect(notNow!.height).toBeGreaterThanOrEqual(44);
    await parent.locator("input[name=new-password]").fill("Amber-Lantern-Cove-58");
    await parent.locator("input[name=confirm-password]").fill("Amber-Lantern-Cove-58");
    // The account speaks the language the guardian applied in (Malayalam): the form is submitted by Enter.
    await parent.locator("input[name=confirm-password]").press("Enter");
    await parent.waitForURL((u) => u.pathname === "/parent/home");
    await appReady(parent);
    await parent.getByRole("radio", { name: new RegExp(childName) }).waitFor();
    await parent.screenshot({ path: "/tmp/shots/journey-parent-home.png" });
  });

  it("a parent the school knows gets their details filled in, in Urdu, once the code sent to their number comes back", async () => {
    const api = await adminApi();
    const roles = await api.get<{ rows: { id: number; builtin: string | null }[] }>("/admin/api/role?limit=50");
    const parentRole = roles.rows.find((r) => r.builtin === "parent")!.id;
    const mobile = `+9196${String(Date.now()).slice(-4)}${String(Math.floor(Math.random() * 1e4)).padStart(4, "0")}`;
    await api.post("/admin/api/user", { name: `Maryam ${tag}`, mobile, email: `maryam.${tag}@example.com`, roleIds: [parentRole] });

    const page = await browser.page({ ...PHONE, language: "ur" });
    await page.goto(`/open/admission/${DEMO.code}`);
    await page.getByTestId("school-name").waitFor();
    // A number the school does not know gets the same answer, and no code ever comes.
    await page.locator("input[name=guardianMobile]").fill(guardianMobile.replace(/\d{4}$/, "0000"));
    await page.getByRole("button", { name: "میری تفصیلات بھر دیں" }).click();
    const strangerText = await page.getByTestId("parent-code").innerText();

    await page.locator("input[name=guardianMobile]").fill(mobile);
    const mark = logMark();
    await page.getByRole("button", { name: "میری تفصیلات بھر دیں" }).click();
    expect(await page.getByTestId("parent-code").innerText()).toBe(strangerText);
    const code = await codeFromLog(mobile, "admission", mark);
    await page.locator("input[name=guardian-otp]").fill(code);
    await page.getByRole("button", { name: "کوڈ جانچیں" }).click();
    await page.getByTestId("parent-found").getByText("ہمیں آپ کا اکاؤنٹ مل گیا").waitFor();
    expect(await page.locator("input[name=guardianName]").inputValue()).toBe(`Maryam ${tag}`);
    const email = page.locator("input[name=guardianEmail]");
    if (await email.count()) expect(await email.inputValue()).toBe(`maryam.${tag}@example.com`);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    await page.screenshot({ path: "/tmp/shots/admission-known-guardian-ur.png", fullPage: true });
  });

  it("the public form reads right to left in Arabic on a 360-px phone, checks files and marks missing answers", async () => {
    const page = await browser.page({ ...PHONE, language: "ar" });
    await page.goto(`/open/admission/${DEMO.code}`);
    await page.getByTestId("school-name").waitFor();
    await appReady(page);
    expect(await page.evaluate(() => [document.documentElement.lang, document.documentElement.dir])).toEqual(["ar", "rtl"]);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    await page.screenshot({ path: "/tmp/shots/admission-ar-phone.png", fullPage: true });
    const axe = await new AxeBuilder({ page }).analyze();
    const bad = axe.violations.filter((v) => v.impact === "serious" || v.impact === "critical");
    expect(bad.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`)).toEqual([]);

    // A text file called .png is refused before anything is sent.
    await page.locator("input[type=file][name=photo]").setInputFiles({ name: "photo.png", mimeType: "image/png", buffer: Buffer.from("not really a picture") });
    await page.locator("[data-field=photo]").getByText("photo.png").first().waitFor();
    expect(await page.locator("[data-field=photo] img").count()).toBe(0);

    // Sending with nothing filled in marks the required answers and the consent, in Arabic.
    await page.getByRole("button", { name: "أرسل الطلب" }).click();
    await page.getByTestId("form-error").waitFor();
    await page.locator("[data-field=name]").getByText("يُرجى ملء هذا الحقل.").waitFor();
    await page.locator("[data-field=consent]").getByText("يُرجى قراءة نص الموافقة").waitFor();

    // A day that does not exist is named with the pattern to type; the calendar gives the school's order.
    const born = page.locator("input[name=dateOfBirth]");
    await born.fill("31/02/2018");
    await page.getByRole("button", { name: "أرسل الطلب" }).click();
    await page.locator("[data-field=dateOfBirth]").getByText("DD/MM/YYYY").waitFor();
    await page.locator("[data-field=dateOfBirth] input[type=date]").fill("2018-02-28");
    expect(await born.inputValue()).toBe("28/02/2018");
  });
});
