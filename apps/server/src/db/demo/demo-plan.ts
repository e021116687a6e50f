/**
 * The demo school's fixed shape: courses, classes, subjects, teachers, classrooms and the week.
 * Slices read it by key; ids made from it travel in `DemoIds` under the same keys.
 */

export type CourseKey = "hifz" | "madrasa" | "school";

/** The academic year runs April to March (as CBSE schools and most madrasas here do), so every day falls in one. */
export function academicYears(today: string) {
  const [y, m] = today.split("-").map(Number) as [number, number];
  const start = m >= 4 ? y : y - 1;
  const year = (s: number) => ({ name: `${s}-${String((s + 1) % 100).padStart(2, "0")}`, startDate: `${s}-04-01`, endDate: `${s + 1}-03-31` });
  return { current: year(start), past: year(start - 1) };
}

const classes = (prefix: string, label: string, n: number) =>
  Array.from({ length: n }, (_, i) => ({ key: `${prefix}-${i + 1}`, name: `${label} ${i + 1}`, order: i + 1 }));

export const COURSES: readonly {
  key: CourseKey;
  name: string;
  kind: "hifz" | "madrasa" | "school";
  description: string;
  durationYears: number;
  classes: { key: string; name: string; order: number }[];
}[] = [
  {
    key: "hifz",
    name: "Hifz ul Quran",
    kind: "hifz",
    description: "Memorising the whole Quran: a new lesson (sabaq) every morning, recent pages (sabqi) and old juz (manzil) revised daily.",
    durationYears: 3,
    classes: classes("hifz", "Year", 3),
  },
  {
    key: "madrasa",
    name: "Madrasa Diniyyah",
    kind: "madrasa",
    description: "The morning madrasa: Quran, fiqh, aqeedah, akhlaq, Islamic history and Arabic, before school.",
    durationYears: 7,
    classes: classes("madrasa", "Class", 7),
  },
  {
    key: "school",
    name: "Al-Noor Primary School",
    kind: "school",
    description: "The day school, Kerala state syllabus, classes 1 to 7.",
    durationYears: 7,
    classes: classes("school", "Class", 7),
  },
];

/** Subjects by code; a classroom of the course is taught all of its course's subjects. */
export const SUBJECTS: readonly { code: string; name: string; course: CourseKey }[] = [
  { code: "HZ-SBQ", name: "Sabaq (new lesson)", course: "hifz" },
  { code: "HZ-SBI", name: "Sabqi (recent revision)", course: "hifz" },
  { code: "HZ-MNZ", name: "Manzil (old revision)", course: "hifz" },
  { code: "HZ-TJW", name: "Tajweed", course: "hifz" },
  { code: "MD-QUR", name: "Quran Recitation", course: "madrasa" },
  { code: "MD-FIQ", name: "Fiqh", course: "madrasa" },
  { code: "MD-AQD", name: "Aqeedah", course: "madrasa" },
  { code: "MD-AKH", name: "Akhlaq", course: "madrasa" },
  { code: "MD-TAR", name: "Tareekh (Islamic history)", course: "madrasa" },
  { code: "MD-LSN", name: "Lisan ul Quran (Arabic)", course: "madrasa" },
  { code: "SC-ENG", name: "English", course: "school" },
  { code: "SC-MAL", name: "Malayalam", course: "school" },
  { code: "SC-MAT", name: "Mathematics", course: "school" },
  { code: "SC-EVS", name: "Environmental Studies", course: "school" },
  { code: "SC-HIN", name: "Hindi", course: "school" },
  { code: "SC-ARB", name: "Arabic", course: "school" },
];

/** The sittings of the day, one per course. */
export const SESSIONS: readonly { key: CourseKey; name: string; startTime: string; endTime: string }[] = [
  { key: "hifz", name: "Hifz halaqa", startTime: "05:45", endTime: "11:00" },
  { key: "madrasa", name: "Morning madrasa", startTime: "06:45", endTime: "08:15" },
  { key: "school", name: "School day", startTime: "09:30", endTime: "15:30" },
];

/** Teachers besides the demo teacher (key "teacher"), in the reserved range +9198000002xx. */
export const STAFF: readonly { key: string; name: string; mobile: string; language: "en" | "ml" }[] = [
  { key: "rasheed", name: "Hafiz Abdul Rasheed Saqafi", mobile: "+919800000201", language: "ml" },
  { key: "salim", name: "Hafiz Muhammed Salim Faizy", mobile: "+919800000202", language: "ml" },
  { key: "sumayya", name: "Hafiza Sumayya Beevi", mobile: "+919800000203", language: "ml" },
  { key: "shamsudheen", name: "Ustad Shamsudheen Baqavi", mobile: "+919800000204", language: "ml" },
  { key: "latheef", name: "Ustad Abdul Latheef Hudawi", mobile: "+919800000205", language: "ml" },
  { key: "rasiya", name: "Rasiya Beegum K", mobile: "+919800000206", language: "en" },
  { key: "anwar", name: "Anwar Sadath P", mobile: "+919800000207", language: "en" },
];

export interface PlannedClassroom {
  key: string;
  batch: "current" | "past";
  course: CourseKey;
  /** A course class key. */
  class: string;
  /** The division. */
  name: string;
  room: string;
  classTeacher: string;
  /** Boys' or girls' classes (hifz); mixed when left out. */
  gender?: "male" | "female";
  /** The students' age when the current year starts. */
  age: number;
  /** A past classroom whose students were promoted into this one at the start of the year. */
  promotedFrom?: string;
}

/** Eight classrooms this year; three last year, promoted into this year's next class. */
export const CLASSROOMS: readonly PlannedClassroom[] = [
  { key: "hifz1-boys", batch: "current", course: "hifz", class: "hifz-1", name: "Boys", room: "Hifz Hall 1", classTeacher: "salim", gender: "male", age: 10 },
  {
    key: "hifz2-boys",
    batch: "current",
    course: "hifz",
    class: "hifz-2",
    name: "Boys",
    room: "Hifz Hall 2",
    classTeacher: "rasheed",
    gender: "male",
    age: 11,
    promotedFrom: "past-hifz1-boys",
  },
  {
    key: "hifz1-girls",
    batch: "current",
    course: "hifz",
    class: "hifz-1",
    name: "Girls",
    room: "Girls' Hall",
    classTeacher: "sumayya",
    gender: "female",
    age: 10,
  },
  { key: "madrasa4-a", batch: "current", course: "madrasa", class: "madrasa-4", name: "A", room: "Room 4", classTeacher: "shamsudheen", age: 9 },
  {
    key: "madrasa5-a",
    batch: "current",
    course: "madrasa",
    class: "madrasa-5",
    name: "A",
    room: "Room 5",
    classTeacher: "teacher",
    age: 10,
    promotedFrom: "past-madrasa4-a",
  },
  { key: "madrasa5-b", batch: "current", course: "madrasa", class: "madrasa-5", name: "B", room: "Room 6", classTeacher: "latheef", age: 10 },
  { key: "school4-a", batch: "current", course: "school", class: "school-4", name: "A", room: "Room 4", classTeacher: "rasiya", age: 9 },
  {
    key: "school5-a",
    batch: "current",
    course: "school",
    class: "school-5",
    name: "A",
    room: "Room 5",
    classTeacher: "anwar",
    age: 10,
    promotedFrom: "past-school4-a",
  },
  {
    key: "past-hifz1-boys",
    batch: "past",
    course: "hifz",
    class: "hifz-1",
    name: "Boys",
    room: "Hifz Hall 1",
    classTeacher: "rasheed",
    gender: "male",
    age: 10,
  },
  { key: "past-madrasa4-a", batch: "past", course: "madrasa", class: "madrasa-4", name: "A", room: "Room 4", classTeacher: "teacher", age: 9 },
  { key: "past-school4-a", batch: "past", course: "school", class: "school-4", name: "A", room: "Room 4", classTeacher: "anwar", age: 9 },
];

export const STUDENTS_PER_CLASSROOM = 15;

/** Who teaches a subject in a classroom: the class teacher, except the day school's subject teachers. */
export function subjectTeacher(room: PlannedClassroom, code: string): string {
  if (room.course !== "school") return room.classTeacher;
  if (code === "SC-MAT" || code === "SC-EVS") return "anwar";
  if (code === "SC-ARB") return "teacher";
  return "rasiya";
}

/** Monday to Saturday (ISO days 1-6): the school's working days. */
export const WORKING_DAYS = [1, 2, 3, 4, 5, 6] as const;

/** Each course's time slots in a day, with the label the timetable shows. */
export const SLOTS: Record<CourseKey, { startTime: string; endTime: string; label: string }[]> = {
  hifz: [
    { startTime: "05:45", endTime: "07:45", label: "Sabaq" },
    { startTime: "09:00", endTime: "11:00", label: "Revision" },
  ],
  madrasa: [
    { startTime: "06:45", endTime: "07:30", label: "Period 1" },
    { startTime: "07:30", endTime: "08:15", label: "Period 2" },
  ],
  school: [
    { startTime: "09:30", endTime: "10:15", label: "Period 1" },
    { startTime: "10:15", endTime: "11:00", label: "Period 2" },
    { startTime: "11:15", endTime: "12:00", label: "Period 3" },
    { startTime: "12:00", endTime: "12:45", label: "Period 4" },
  ],
};

/** The morning's new lesson every day; the revision hour turns between recent pages, old juz and tajweed. */
const HIFZ_REVISION = ["HZ-SBI", "HZ-MNZ", "HZ-TJW", "HZ-SBI", "HZ-MNZ", "HZ-SBI"];
const MADRASA_WEEK = [
  ["MD-QUR", "MD-FIQ"],
  ["MD-AQD", "MD-LSN"],
  ["MD-QUR", "MD-AKH"],
  ["MD-FIQ", "MD-TAR"],
  ["MD-QUR", "MD-AQD"],
  ["MD-LSN", "MD-AKH"],
];
// The two school classrooms share their subject teachers: no teacher is in both at once.
const SCHOOL_WEEK: Record<string, string[][]> = {
  "school4-a": [
    ["SC-ENG", "SC-MAT", "SC-MAL", "SC-EVS"],
    ["SC-MAT", "SC-ENG", "SC-ARB", "SC-MAL"],
    ["SC-ENG", "SC-MAT", "SC-HIN", "SC-EVS"],
    ["SC-MAL", "SC-MAT", "SC-ENG", "SC-ARB"],
    ["SC-ENG", "SC-EVS", "SC-MAT", "SC-HIN"],
    ["SC-MAL", "SC-ARB", "SC-EVS", "SC-HIN"],
  ],
  "school5-a": [
    ["SC-MAT", "SC-ENG", "SC-EVS", "SC-MAL"],
    ["SC-ENG", "SC-MAT", "SC-MAL", "SC-ARB"],
    ["SC-MAT", "SC-ENG", "SC-EVS", "SC-HIN"],
    ["SC-MAT", "SC-MAL", "SC-ARB", "SC-ENG"],
    ["SC-EVS", "SC-ENG", "SC-HIN", "SC-MAT"],
    ["SC-ARB", "SC-MAL", "SC-HIN", "SC-EVS"],
  ],
};

/** The subject code of a classroom's slot on a working day (index into WORKING_DAYS). */
export function subjectOfSlot(room: PlannedClassroom, dayIndex: number, slot: number, roomIndex: number): string {
  if (room.course === "hifz") return slot === 0 ? "HZ-SBQ" : HIFZ_REVISION[dayIndex]!;
  // Each madrasa classroom starts the week on a different row, so the week differs between them.
  if (room.course === "madrasa") return MADRASA_WEEK[(dayIndex + roomIndex) % MADRASA_WEEK.length]![slot]!;
  return SCHOOL_WEEK[room.key]![dayIndex]![slot]!;
}
