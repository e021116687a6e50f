import type { LinkedChild } from "@taleem/contract";
import { mp3Bytes, pdfWithTitle } from "../../platform/files/sample-files.js";
import { DEMO } from "../seed-demo.js";
import { type DemoSchool, demoApi } from "./demo-school.js";

const dataUrl = (type: string, bytes: Buffer) => `data:${type};base64,${bytes.toString("base64")}`;

/**
 * Learning materials for the demo parent's children's classes: a worksheet (a one-page PDF made
 * here), a recitation (a second of MP3 made here) and a link, approved, so families were told;
 * and one sent through the public form by a teacher without an account, waiting for approval.
 */
export async function materialsDemo(demo: DemoSchool): Promise<void> {
  const { api, ids } = demo;

  const { token } = await demo.open.post<{ token: string }>("/admin/open/auth/login-mobile", {
    mobile: DEMO.parent.mobile,
    password: DEMO.password,
    code: DEMO.code,
  });
  const children = await demoApi(demo.app, token).get<{ rows: LinkedChild[] }>("/user/api/home/children");
  const rooms = [...new Set(children.rows.flatMap((c) => c.classroomId ?? []))];
  const [first, second = first] = rooms;
  if (!first) return;

  const upload = async (name: string, type: string, bytes: Buffer) =>
    (await api.post<{ data: { path: string } }>("/admin/api/upload", { name, data: dataUrl(type, bytes), module: "materials" })).data.path;
  const add = async (body: Record<string, unknown>) => (await api.post<{ data: { id: number } }>("/admin/api/material", body)).data.id;
  const made = [
    await add({
      title: "Wudu step by step: worksheet",
      kind: "worksheet",
      file: await upload("wudu-worksheet.pdf", "application/pdf", pdfWithTitle("Wudu step by step: fill in the missing steps")),
      classroomId: first,
      subjectId: ids.get("subject", "MD-FIQ"),
      description: "Fill in the missing steps and bring the sheet on Monday.",
    }),
    await add({
      title: "Surah Al-Mulk, ayahs 1-5: listen and repeat",
      kind: "audio",
      recording: await upload("al-mulk-1-5.mp3", "audio/mpeg", mp3Bytes(40)),
      classroomId: second,
      description: "استمع وكرر كل آية ثلاث مرات.",
    }),
    await add({ title: "Tajweed rules of noon sakinah", kind: "link", link: "https://quran.com/learning-plans", classroomId: first }),
  ];
  for (const id of made) await api.post("/admin/api/material/approve", { id });

  await demo.open.post(`/admin/open/material/${DEMO.code}`, {
    name: "Hafiz Abdul Kareem",
    mobile: "+919812300077",
    title: "Daily adhkar chart",
    kind: "link",
    link: "https://sunnah.com/hisn",
    classroomId: first,
  });
}
