// Read only when the slice runs, after seed-demo.ts (which imports this file) has loaded.
import { DEMO } from "../seed-demo.js";
import { createRow, type DemoSchool, demoApi } from "./demo-school.js";

const EID = {
  title: "Eid al-Adha holidays",
  body: "The madrasa is closed for Eid al-Adha from Monday to Wednesday. Classes resume on Thursday. Eid Mubarak!",
  texts: {
    ml: {
      title: "ബലിപെരുന്നാൾ അവധി",
      body: "ബലിപെരുന്നാൾ പ്രമാണിച്ച് തിങ്കൾ മുതൽ ബുധൻ വരെ മദ്രസക്ക് അവധിയാണ്. വ്യാഴാഴ്ച ക്ലാസുകൾ പുനരാരംഭിക്കും. ഈദ് മുബാറക്!",
    },
    ar: { title: "عطلة عيد الأضحى", body: "المدرسة مغلقة بمناسبة عيد الأضحى من الاثنين إلى الأربعاء، وتُستأنف الدروس يوم الخميس. عيد مبارك!" },
    ur: { title: "عید الاضحیٰ کی تعطیلات", body: "عید الاضحیٰ کے موقع پر مدرسہ پیر سے بدھ تک بند رہے گا۔ جمعرات سے کلاسیں دوبارہ شروع ہوں گی۔ عید مبارک!" },
    ta: { title: "பக்ரீத் விடுமுறை", body: "பக்ரீத் பண்டிகையை முன்னிட்டு திங்கள் முதல் புதன் வரை மதரஸா விடுமுறை. வியாழன் முதல் வகுப்புகள் மீண்டும் தொடங்கும். ஈத் முபாரக்!" },
  },
};

const MEETING = {
  title: "Parents' meeting, Class 4-A",
  body: "Parents of Class 4-A are invited to meet the class teacher on Saturday at 10 am in the madrasa hall.",
  texts: {
    ml: {
      title: "ക്ലാസ് 4-A രക്ഷിതാക്കളുടെ യോഗം",
      body: "ക്ലാസ് 4-A യിലെ രക്ഷിതാക്കളെ ശനിയാഴ്ച രാവിലെ 10 മണിക്ക് മദ്രസ ഹാളിൽ ക്ലാസ് അധ്യാപകനുമായുള്ള യോഗത്തിലേക്ക് ക്ഷണിക്കുന്നു.",
    },
  },
};

/**
 * Announcements: the Eid holidays to the whole school (read by the teacher and the muawin, so
 * the read figures move), a parents' meeting to the demo parent's daughter's class (so the demo
 * parent has unread notifications), and the annual day rehearsal scheduled for next week.
 */
export async function announcementsDemo({ app, api, open, ids, accounts }: DemoSchool): Promise<void> {
  const eid = await createRow(api, "announcement", { ...EID, audience: "school", status: "published" });
  await createRow(api, "announcement", { ...MEETING, audience: "classrooms", audienceIds: [ids.get("classroom", "madrasa4-a")], status: "published" });
  await createRow(api, "announcement", {
    title: "Annual day rehearsal",
    body: "All students stay after Asr on Thursday for the annual day rehearsal.",
    audience: "school",
    status: "scheduled",
    scheduledAt: new Date(Date.now() + 7 * 24 * 60 * 60 * 1000).toISOString(),
  });
  for (const who of [accounts.staff, accounts.muawin]) {
    const { token } = await open.post<{ token: string }>("/admin/open/auth/login-mobile", { mobile: who.mobile, password: DEMO.password, code: DEMO.code });
    const as = demoApi(app, token);
    await as.put("/admin/api/announcement/log", { id: eid });
    await as.post("/user/api/user/logout");
  }
}
