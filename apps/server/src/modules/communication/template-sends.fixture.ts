import type { AddressInfo } from "node:net";
import type { Language, MessageChannel } from "@taleem/contract";
import { expect } from "vitest";
import type { client, TestApp } from "../../../test/harness.js";
import { guardians, users } from "../../platform/auth/users.table.js";
import { TenantScope } from "../../platform/tenancy/tenant-scope.js";
import { insertStudents } from "../students/students.service.js";
import { creditWallet } from "./wallet.service.js";

/** A signed-in client of the harness. */
type Api = ReturnType<typeof client>;

export const LANGS: Language[] = ["en", "ml", "ar", "ur", "ta"];

/** Parents, each with one child, written in one transaction (the school's roll, not what is tested). */
export async function parentsWithChildren(app: TestApp, tenantId: number, n: number, prefix: string) {
  return new TenantScope(app.services.db, tenantId).transaction(async (tx) => {
    const people = await tx.insertMany(
      users,
      Array.from({ length: n }, (_, i) => ({
        name: `Parent ${prefix}${i}`,
        mobile: `+91${prefix}${String(i).padStart(10 - prefix.length, "0")}`,
        email: `parent${i}@${prefix}.example.org`,
        language: LANGS[i % LANGS.length]!,
      })),
    );
    const kids = await insertStudents(
      tx,
      people.map((_, i) => ({ admissionNo: `${prefix}-${i}`, name: `Child ${prefix}${i}` })),
    );
    await tx.insertMany(
      guardians,
      people.map((p, i) => ({ userId: p.id, studentId: kids[i]!.id, relation: "mother" })),
    );
    return { people, studentIds: kids.map((k) => k.id) };
  });
}

/** Credits a wallet as the platform does after a verified recharge. */
export const credit = (app: TestApp, tenantId: number, channel: MessageChannel, amount: number, reference = `test-${Math.random()}`) =>
  new TenantScope(app.services.db, tenantId).transaction((tx) => creditWallet(tx, channel, amount, "Test credit", reference));

/** The same Meta template in five languages ("fee_reminder"); answers the English one's id. */
export async function feeReminderTemplates(api: Api): Promise<number> {
  const ids: number[] = [];
  for (const language of LANGS) {
    const res = await api.post("/admin/api/document-template", {
      name: `Fee reminder ${language}`,
      channel: "whatsapp",
      language,
      providerTemplate: "fee_reminder",
      body: `[${language}] Dear {{guardianName}}, the fees of {{studentName}} at {{schoolName}} are due.`,
    });
    expect(res.statusCode, res.body).toBe(200);
    ids.push(res.json().data.id);
  }
  return ids[0]!;
}

/** Listens on a free local port so providers' fakes can post webhooks; answers the base URL. */
export async function listening(app: TestApp): Promise<string> {
  await app.listen({ port: 0, host: "127.0.0.1" });
  return `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
}

/** Polls a bulk send's progress until it is no longer running. */
export async function finished(api: Api, job: string) {
  for (;;) {
    const res = await api.get(`/admin/api/document-template/send-bulk-message/${job}`);
    expect(res.statusCode, res.body).toBe(200);
    const p = res.json();
    if (p.state !== "running") return p;
    await new Promise((r) => setTimeout(r, 50));
  }
}

/** Every log row of a bulk send, all pages. */
export async function logsOf(api: Api, bulkSendId: number) {
  const rows: { id: number; recipient: string; status: string; providerMessageId: string | null; cost: number; language: string; body: string }[] = [];
  for (let page = 1; ; page++) {
    const res = await api.get(`/admin/api/log?bulkSendId=${bulkSendId}&limit=500&page=${page}`);
    expect(res.statusCode, res.body).toBe(200);
    rows.push(...res.json().rows);
    if (rows.length >= res.json().count) return rows;
  }
}
