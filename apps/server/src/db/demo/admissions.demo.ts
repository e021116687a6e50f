import { academicYears, type CourseKey } from "./demo-plan.js";
import type { DemoSchool } from "./demo-school.js";

interface Applicant {
  name: string;
  nameNative: string;
  gender: "male" | "female";
  age: number;
  course: CourseKey;
  previousSchool: string;
  address: string;
  guardian: { name: string; mobile: string; relation: string };
  /** The language the parent filled the form in. */
  language: "ml" | "ta" | "ur" | "ar";
  decision?: { status: "approved" | "rejected"; reason?: string };
}

/** Guardians' mobiles in +9198000003xx: new families, clear of the parents' and teachers' ranges. */
const APPLICANTS: Applicant[] = [
  {
    name: "Muhammed Zayan",
    nameNative: "മുഹമ്മദ് സയാൻ",
    gender: "male",
    age: 9,
    course: "hifz",
    previousSchool: "GMLPS Kondotty",
    address: "Thottathil House, Kondotty, Malappuram 673638",
    guardian: { name: "Abdul Nasar P", mobile: "+919800000301", relation: "father" },
    language: "ml",
  },
  {
    name: "Fathima Hana",
    nameNative: "ഫാത്തിമ ഹന",
    gender: "female",
    age: 8,
    course: "madrasa",
    previousSchool: "Noorul Huda Madrasa, Tirur",
    address: "Kunnumpurath House, Tirur, Malappuram 676101",
    guardian: { name: "Sabira K", mobile: "+919800000302", relation: "mother" },
    language: "ml",
  },
  {
    name: "Mohamed Ashiq",
    nameNative: "முகம்மது ஆஷிக்",
    gender: "male",
    age: 9,
    course: "school",
    previousSchool: "Islamiah Primary School, Vaniyambadi",
    address: "12 Masjid Street, Feroke, Kozhikode 673631",
    guardian: { name: "Abdul Rahman", mobile: "+919800000303", relation: "father" },
    language: "ta",
  },
  {
    name: "Hafsa Qureshi",
    nameNative: "حفصہ قریشی",
    gender: "female",
    age: 10,
    course: "hifz",
    previousSchool: "Dar-e-Arqam School, Lahore",
    address: "Palliyalil House, Kottakkal, Malappuram 676503",
    guardian: { name: "Tariq Qureshi", mobile: "+919800000304", relation: "father" },
    language: "ur",
  },
  {
    name: "Abdullah Al Kaabi",
    nameNative: "عبدالله الكعبي",
    gender: "male",
    age: 10,
    course: "hifz",
    previousSchool: "Al Ittihad Private School, Dubai",
    address: "Manakkadavil House, Manjeri, Malappuram 676121",
    guardian: { name: "Saeed Al Kaabi", mobile: "+919800000305", relation: "father" },
    language: "ar",
  },
  {
    name: "Ayesha Siddiqa",
    nameNative: "عائشہ صدیقہ",
    gender: "female",
    age: 9,
    course: "madrasa",
    previousSchool: "The City School, Karachi",
    address: "Kizhakkethil House, Valanchery, Malappuram 676552",
    guardian: { name: "Kamran Siddiqui", mobile: "+919800000306", relation: "father" },
    language: "ur",
  },
  {
    name: "Shahana Parveen",
    nameNative: "ஷஹானா பர்வீன்",
    gender: "female",
    age: 9,
    course: "school",
    previousSchool: "Crescent Matriculation School, Melapalayam",
    address: "Cheriyamadathil House, Ramanattukara, Kozhikode 673633",
    guardian: { name: "Jahir Hussain", mobile: "+919800000307", relation: "father" },
    language: "ta",
    decision: { status: "rejected", reason: "Class 4 is full this year; we will call you when a seat opens." },
  },
  {
    name: "Muhammed Nihad",
    nameNative: "മുഹമ്മദ് നിഹാദ്",
    gender: "male",
    age: 8,
    course: "madrasa",
    previousSchool: "Hidayathul Islam Madrasa, Feroke",
    address: "Padinjarethil House, Feroke, Kozhikode 673631",
    guardian: { name: "Shameer T", mobile: "+919800000308", relation: "father" },
    language: "ml",
    decision: { status: "approved" },
  },
];

/**
 * Applications as parents send them, through the school's public form (so they get application
 * numbers and a consent record); the school has decided two of them, the rest wait for review.
 */
export async function admissionsDemo({ api, open, ids, random, today }: DemoSchool): Promise<void> {
  const form = await open.get<{ consent: { version: string } }>("/admin/open/admission/DEMO/form");
  const startYear = Number(academicYears(today).current.startDate.slice(0, 4));
  const filed: { applicationNo: string; applicant: Applicant }[] = [];
  for (const a of APPLICANTS) {
    const month = String(random.int(1, 12)).padStart(2, "0");
    const day = String(random.int(1, 28)).padStart(2, "0");
    const reply = await open.post<{ applicationNo: string }>("/admin/open/admission/DEMO", {
      name: a.name,
      nameNative: a.nameNative,
      gender: a.gender,
      dateOfBirth: `${startYear - a.age - 1}-${month}-${day}`,
      courseId: ids.get("course", a.course),
      previousSchool: a.previousSchool,
      address: a.address,
      guardian: a.guardian,
      consent: { accepted: true, version: form.consent.version, language: a.language },
      language: a.language,
    });
    filed.push({ applicationNo: reply.applicationNo, applicant: a });
  }

  const { rows } = await api.get<{ rows: { id: number; applicationNo: string }[] }>("/admin/api/admission/all", { status: "pending" });
  for (const { applicationNo, applicant } of filed) {
    const id = rows.find((r) => r.applicationNo === applicationNo)?.id;
    if (!id) throw new Error(`demo seed: application ${applicationNo} is not pending`);
    ids.set("admission", applicationNo, id);
    // No letters: a demo must never text or mail the made-up numbers.
    const d = applicant.decision;
    if (d?.status === "approved") await api.post("/admin/api/admission/approve", { id, notify: false });
    if (d?.status === "rejected") await api.post("/admin/api/admission/reject", { id, reason: d.reason, notify: false });
  }
}
