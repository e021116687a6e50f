import { addDays } from "@taleem/contract";
import { type FamilyName, type Gender, NameBook, REGIONS } from "./demo-names.js";
import { academicYears, CLASSROOMS, STUDENTS_PER_CLASSROOM } from "./demo-plan.js";
import type { DemoRandom } from "./demo-school.js";

export interface RosterFamily extends FamilyName {
  language: "en" | "ml" | "ta" | "ur" | "ar";
  guardian: { name: string; mobile: string; relation: "father" | "mother" };
  address: string;
  /** The demo parent's family: an account that exists already, and exactly two children. */
  demo: boolean;
  children: number;
}

export interface RosterStudent {
  admissionNo: string;
  name: string;
  nameNative: string;
  gender: Gender;
  dateOfBirth: string;
  admittedOn: string;
  /** This year's classroom (a plan key). */
  classroom: string;
  /** Last year's, for those promoted at the start of this year. */
  pastClassroom?: string;
  rollNo: number;
  family: RosterFamily;
}

/** Parents' mobiles: +919800000100 to +919800000199, clear of the four demo accounts and the teachers (2xx). */
const PARENT_MOBILES = 100;
const parentMobile = (i: number) => `+9198000001${String(i).padStart(2, "0")}`;

const PLACES = [
  "Kondotty, Malappuram 673638",
  "Kottakkal, Malappuram 676503",
  "Tirurangadi, Malappuram 676306",
  "Valanchery, Malappuram 676552",
  "Manjeri, Malappuram 676121",
  "Tirur, Malappuram 676101",
  "Feroke, Kozhikode 673631",
  "Ramanattukara, Kozhikode 673633",
];
const HOUSES = [
  "Puthanpurayil",
  "Kunnumpurath",
  "Valiyaveettil",
  "Thottathil",
  "Palliyalil",
  "Kizhakkethil",
  "Manakkadavil",
  "Cheriyamadathil",
  "Padinjarethil",
];

/** The demo parent's two children, in different classrooms; the elder was promoted, so has last year's history too. */
const DEMO_CHILDREN: Record<string, { name: string; nameNative: string; gender: Gender }> = {
  "hifz2-boys": { name: "Muhammed Rayan", nameNative: "മുഹമ്മദ് റയാൻ", gender: "male" },
  "madrasa4-a": { name: "Ayisha Minha", nameNative: "ആയിഷ മിൻഹ", gender: "female" },
};

/**
 * 120 students in this year's eight classrooms, in families (brothers and sisters in different
 * classrooms), each family with one parent account; admission numbers in order of admission.
 */
export function buildRoster(random: DemoRandom, today: string, demoParent: { name: string; mobile: string }) {
  const years = academicYears(today);
  const book = new NameBook(random.shuffle);
  const address = () => `${random.pick(HOUSES)} House, ${random.pick(PLACES)}`;
  const demoFamily: RosterFamily = {
    region: "kerala",
    language: "ml",
    guardian: { name: demoParent.name, mobile: demoParent.mobile, relation: "mother" },
    address: `Valiyaveettil House, ${PLACES[0]}`,
    demo: true,
    children: 0,
  };
  const families: RosterFamily[] = [];

  const newFamily = (): RosterFamily => {
    if (families.length >= PARENT_MOBILES) throw new Error("demo seed: more families than reserved parent mobiles");
    let roll = random.int(1, 100);
    const { region, language } =
      REGIONS.find((r) => {
        roll -= r.weight;
        return roll <= 0;
      }) ?? REGIONS[0]!;
    const family: FamilyName = { region, family: book.familyName(region) };
    const relation = random.chance(0.8) ? "father" : "mother";
    const f: RosterFamily = {
      ...family,
      language,
      guardian: { name: book.parent(family, relation === "father" ? "male" : "female"), mobile: parentMobile(families.length), relation },
      address: address(),
      demo: false,
      children: 0,
    };
    families.push(f);
    return f;
  };

  const students: Omit<RosterStudent, "admissionNo" | "rollNo">[] = [];
  for (const room of CLASSROOMS.filter((r) => r.batch === "current")) {
    const here = new Set<RosterFamily>();
    for (let i = 0; i < STUDENTS_PER_CLASSROOM; i++) {
      const demoChild = i === 0 ? DEMO_CHILDREN[room.key] : undefined;
      const gender: Gender = demoChild?.gender ?? room.gender ?? (random.chance(0.5) ? "male" : "female");
      let family: RosterFamily;
      if (demoChild) family = demoFamily;
      else {
        // About one child in four has a brother or sister in another classroom.
        const siblings = families.filter((f) => f.children < 3 && !here.has(f));
        family = siblings.length && (families.length >= PARENT_MOBILES || random.chance(0.27)) ? random.pick(siblings) : newFamily();
      }
      family.children++;
      here.add(family);
      const { name, nameNative } = demoChild ?? book.child(family, gender);
      const age = room.age + (room.course === "hifz" ? random.int(0, 1) : 0);
      const startYear = Number(years.current.startDate.slice(0, 4));
      const promoted = Boolean(room.promotedFrom);
      const admittedOn = promoted ? addDays(years.past.startDate, random.int(0, 10)) : addDays(years.current.startDate, random.int(0, 10));
      students.push({
        name,
        nameNative,
        gender,
        dateOfBirth: addDays(`${startYear - age - 1}-04-02`, random.int(0, 364)),
        admittedOn: admittedOn > today ? today : admittedOn,
        classroom: room.key,
        pastClassroom: room.promotedFrom,
        family,
      });
    }
  }

  // Admission numbers in the order the children came; roll numbers by name within a classroom.
  const order = CLASSROOMS.map((r) => r.key);
  const admitted = [...students].sort(
    (a, b) => a.admittedOn.localeCompare(b.admittedOn) || order.indexOf(a.classroom) - order.indexOf(b.classroom) || a.name.localeCompare(b.name, "en"),
  );
  const rolls = new Map<object, number>();
  for (const key of order) {
    const inRoom = students.filter((s) => s.classroom === key).sort((a, b) => a.name.localeCompare(b.name, "en"));
    for (const [i, s] of inRoom.entries()) rolls.set(s, i + 1);
  }
  const roster: RosterStudent[] = admitted.map((s, i) => ({ ...s, admissionNo: String(1001 + i), rollNo: rolls.get(s)! }));
  return { years, families, demoFamily, students: roster };
}
