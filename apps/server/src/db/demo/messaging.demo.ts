import { creditWallet } from "../../modules/communication/wallet.service.js";
import { TenantScope } from "../../platform/tenancy/tenant-scope.js";
import type { Db } from "../client.js";
import type { DemoSchool } from "./demo-school.js";

/** The platform's opening grant to the demo school's wallets (paise): recharges come with fees. */
const GRANTS = { whatsapp: 50_000, sms: 20_000 } as const;

/** The demo's wallets, credited as the platform credits a school; in the seed's provisioning transaction. */
export async function creditDemoWallets(db: Db, tenantId: number) {
  const scope = new TenantScope(db, tenantId);
  for (const [channel, amount] of Object.entries(GRANTS))
    await creditWallet(scope, channel as keyof typeof GRANTS, amount, "Demo grant", `demo-grant-${channel}`);
}

const HOLIDAY: Record<string, string> = {
  en: "Dear {{guardianName}}, {{schoolName}} is closed tomorrow for the holiday. Classes for {{studentName}} resume the day after.",
  ml: "പ്രിയ {{guardianName}}, അവധി കാരണം {{schoolName}} നാളെ അടച്ചിരിക്കും. {{studentName}}-ന്റെ ക്ലാസുകൾ മറ്റന്നാൾ പുനരാരംഭിക്കും.",
  ar: "حضرة {{guardianName}}، {{schoolName}} مغلقة غداً بسبب العطلة. تُستأنف دروس {{studentName}} بعد غد.",
  ur: "محترم {{guardianName}}، چھٹی کی وجہ سے {{schoolName}} کل بند رہے گا۔ {{studentName}} کی کلاسیں پرسوں دوبارہ شروع ہوں گی۔",
  ta: "அன்புள்ள {{guardianName}}, விடுமுறை காரணமாக {{schoolName}} நாளை மூடப்பட்டிருக்கும். {{studentName}} அவர்களின் வகுப்புகள் நாளை மறுநாள் தொடங்கும்.",
};

/**
 * Messaging: the holiday notice as a WhatsApp template in the five languages, sent to the parents
 * of one classroom (a bulk send: the fake Cloud API reports sent, delivered and read back), and
 * an SMS to the demo parent. The wallet shows the holds, and the debits as reports arrive.
 */
export async function messagingDemo({ api, ids, accounts }: DemoSchool): Promise<void> {
  let templateId = 0;
  for (const [language, body] of Object.entries(HOLIDAY)) {
    const made = await api.post<{ data: { id: number } }>("/admin/api/document-template", {
      name: "Holiday notice",
      channel: "whatsapp",
      language,
      providerTemplate: "holiday_notice",
      body,
    });
    if (language === "en") templateId = made.data.id;
  }
  const [[, classroomId]] = ids.all("classroom") as [[string, number]];
  await api.post("/admin/api/document-template/send-bulk-message", {
    templateId,
    audience: { kind: "classrooms", classroomIds: [classroomId] },
    clientId: "demo-holiday-notice",
  });
  const sms = await api.post<{ data: { id: number } }>("/admin/api/document-template", {
    name: "Parent meeting",
    channel: "sms",
    providerTemplate: "1207161234500000001",
    body: "{{schoolName}}: Dear {{guardianName}}, please meet the class teacher on Saturday at 10 am.",
  });
  const users = await api.get<{ rows: { id: number; mobile: string | null }[] }>("/admin/api/user", { q: accounts.parent.mobile, limit: 5 });
  const parent = users.rows.find((u) => u.mobile === accounts.parent.mobile);
  if (parent) await api.post("/admin/api/document-template/send-message", { templateId: sms.data.id, userId: parent.id, clientId: "demo-parent-meeting" });
}
