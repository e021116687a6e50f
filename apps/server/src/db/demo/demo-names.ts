/**
 * Names for the demo's families, in Latin script and the family's own (Malayalam, Tamil, Urdu,
 * Arabic). Kerala and Tamil children carry two given names; Urdu and Gulf children their family's
 * name, as their fathers do.
 */

export type Region = "kerala" | "tamil" | "urdu" | "gulf";
export type Gender = "male" | "female";
/** A name part: Latin, native. */
type Part = readonly [string, string];

export const REGIONS: readonly { region: Region; language: "ml" | "ta" | "ur" | "ar"; weight: number }[] = [
  { region: "kerala", language: "ml", weight: 45 },
  { region: "tamil", language: "ta", weight: 20 },
  { region: "urdu", language: "ur", weight: 18 },
  { region: "gulf", language: "ar", weight: 17 },
];

/** Kerala and Tamil children: a first part and a second part. */
const TWO_PART: Record<"kerala" | "tamil", Record<Gender, { first: Part[]; second: Part[] }>> = {
  kerala: {
    male: {
      first: [
        ["Muhammed", "മുഹമ്മദ്"],
        ["Ahammed", "അഹമ്മദ്"],
      ],
      second: [
        ["Shifan", "ഷിഫാൻ"],
        ["Nihal", "നിഹാൽ"],
        ["Sinan", "സിനാൻ"],
        ["Fayiz", "ഫായിസ്"],
        ["Hashim", "ഹാഷിം"],
        ["Afsal", "അഫ്സൽ"],
        ["Ziyad", "സിയാദ്"],
        ["Adnan", "അദ്നാൻ"],
        ["Rizwan", "റിസ്‌വാൻ"],
        ["Yaseen", "യാസീൻ"],
        ["Shaheem", "ഷഹീം"],
        ["Nabhan", "നബ്ഹാൻ"],
        ["Fadil", "ഫാദിൽ"],
        ["Swalih", "സ്വാലിഹ്"],
        ["Mishal", "മിഷാൽ"],
        ["Hadi", "ഹാദി"],
        ["Irfan", "ഇർഫാൻ"],
        ["Jasim", "ജാസിം"],
        ["Anas", "അനസ്"],
        ["Zayan", "സയാൻ"],
      ],
    },
    female: {
      first: [
        ["Fathima", "ഫാത്തിമ"],
        ["Ayisha", "ആയിഷ"],
        ["Khadeeja", "ഖദീജ"],
      ],
      second: [
        ["Nasrin", "നസ്രിൻ"],
        ["Shahana", "ഷഹാന"],
        ["Hanan", "ഹനാൻ"],
        ["Rinsha", "റിൻഷ"],
        ["Nihala", "നിഹാല"],
        ["Sahla", "സഹ്‌ല"],
        ["Sana", "സന"],
        ["Shifa", "ഷിഫ"],
        ["Rahma", "റഹ്മ"],
        ["Hiba", "ഹിബ"],
        ["Nourin", "നൗറിൻ"],
        ["Zahra", "സഹ്റ"],
        ["Lubna", "ലുബ്ന"],
        ["Mehrin", "മെഹ്റിൻ"],
      ],
    },
  },
  tamil: {
    male: {
      first: [
        ["Mohamed", "முகம்மது"],
        ["Syed", "சையத்"],
      ],
      second: [
        ["Irfan", "இர்பான்"],
        ["Asif", "ஆசிப்"],
        ["Yaseen", "யாசின்"],
        ["Rizwan", "ரிஸ்வான்"],
        ["Imran", "இம்ரான்"],
        ["Faizal", "பைசல்"],
        ["Sameer", "சமீர்"],
        ["Thoufiq", "தௌபீக்"],
        ["Arshad", "அர்ஷத்"],
        ["Jameel", "ஜமீல்"],
        ["Sadiq", "சாதிக்"],
        ["Aslam", "அஸ்லம்"],
        ["Riyaz", "ரியாஸ்"],
        ["Nizam", "நிஜாம்"],
      ],
    },
    female: {
      first: [
        ["Ayisha", "ஆயிஷா"],
        ["Fathima", "பாத்திமா"],
        ["Shameem", "ஷமீம்"],
      ],
      second: [
        ["Banu", "பானு"],
        ["Parveen", "பர்வீன்"],
        ["Nasreen", "நஸ்ரீன்"],
        ["Sulthana", "சுல்தானா"],
        ["Rizwana", "ரிஸ்வானா"],
        ["Shabana", "ஷபானா"],
        ["Jasmine", "ஜாஸ்மின்"],
        ["Reshma", "ரேஷ்மா"],
        ["Nilofar", "நிலோபர்"],
        ["Siddiqa", "சித்திகா"],
      ],
    },
  },
};

/** Urdu and Gulf children: a given name and the family's name. */
const FAMILY_NAMED: Record<"urdu" | "gulf", { given: Record<Gender, Part[]>; family: Part[] }> = {
  urdu: {
    given: {
      male: [
        ["Hamza", "حمزہ"],
        ["Usman", "عثمان"],
        ["Bilal", "بلال"],
        ["Hassan", "حسن"],
        ["Ali", "علی"],
        ["Umar", "عمر"],
        ["Talha", "طلحہ"],
        ["Saad", "سعد"],
        ["Ibrahim", "ابراہیم"],
        ["Zubair", "زبیر"],
        ["Ahmad", "احمد"],
        ["Huzaifa", "حذیفہ"],
      ],
      female: [
        ["Ayesha", "عائشہ"],
        ["Fatima", "فاطمہ"],
        ["Maryam", "مریم"],
        ["Zainab", "زینب"],
        ["Hafsa", "حفصہ"],
        ["Khadija", "خدیجہ"],
        ["Amna", "آمنہ"],
        ["Iqra", "اقراء"],
        ["Hira", "حرا"],
        ["Sana", "ثناء"],
        ["Areeba", "عریبہ"],
        ["Laiba", "لائبہ"],
      ],
    },
    family: [
      ["Qureshi", "قریشی"],
      ["Siddiqui", "صدیقی"],
      ["Farooqi", "فاروقی"],
      ["Malik", "ملک"],
      ["Khan", "خان"],
      ["Ansari", "انصاری"],
      ["Chaudhry", "چودھری"],
      ["Sheikh", "شیخ"],
      ["Hashmi", "ہاشمی"],
      ["Abbasi", "عباسی"],
    ],
  },
  gulf: {
    given: {
      male: [
        ["Omar", "عمر"],
        ["Abdullah", "عبدالله"],
        ["Khalid", "خالد"],
        ["Saeed", "سعيد"],
        ["Hamad", "حمد"],
        ["Rashid", "راشد"],
        ["Faisal", "فيصل"],
        ["Sultan", "سلطان"],
        ["Yousef", "يوسف"],
        ["Mansour", "منصور"],
        ["Saif", "سيف"],
        ["Majid", "ماجد"],
      ],
      female: [
        ["Mariam", "مريم"],
        ["Fatima", "فاطمة"],
        ["Noura", "نورة"],
        ["Hessa", "حصة"],
        ["Maitha", "ميثاء"],
        ["Shamma", "شمة"],
        ["Latifa", "لطيفة"],
        ["Aisha", "عائشة"],
        ["Reem", "ريم"],
        ["Moza", "موزة"],
        ["Alyazia", "اليازية"],
        ["Salama", "سلامة"],
      ],
    },
    family: [
      ["Al Hashimi", "الهاشمي"],
      ["Al Mansoori", "المنصوري"],
      ["Al Nuaimi", "النعيمي"],
      ["Al Marri", "المري"],
      ["Al Suwaidi", "السويدي"],
      ["Al Kaabi", "الكعبي"],
      ["Al Dhaheri", "الظاهري"],
      ["Al Shamsi", "الشامسي"],
      ["Al Mazrouei", "المزروعي"],
      ["Al Balushi", "البلوشي"],
    ],
  },
};

/** A Siddiqui daughter is often a Siddiqa. */
const FEMININE: Record<string, Part> = { Siddiqui: ["Siddiqa", "صدیقہ"] };

/** Parents' given names (their accounts carry the Latin name only). */
const PARENT_GIVEN: Record<Region, Record<Gender, string[]>> = {
  kerala: {
    male: [
      "Abdul Rasheed",
      "Muhammed Ashraf",
      "Abdul Salam",
      "Shihabudheen",
      "Mujeeb Rahman",
      "Noushad",
      "Shafeeq",
      "Abdul Jaleel",
      "Haris",
      "Ismail",
      "Abdul Majeed",
      "Sidheeq",
      "Naseer",
      "Faisal",
      "Abdul Gafoor",
    ],
    female: ["Sajna", "Shameema", "Raihanath", "Jasna", "Shahida", "Nusrath", "Haseena"],
  },
  tamil: {
    male: ["Mohamed Ismail", "Abdul Kader", "Syed Ibrahim", "Jahir Hussain", "Sheik Dawood", "Abdul Rahim", "Kaja Mohideen", "Mohamed Yusuf", "Abdul Jabbar"],
    female: ["Shahida Banu", "Mumtaz Begum", "Rahmath Nisha", "Jannathul Firdous", "Asiya Banu"],
  },
  urdu: {
    male: ["Tariq", "Javed", "Imran", "Khalid", "Asif", "Naveed", "Shahid", "Kamran", "Adnan"],
    female: ["Nadia", "Saima", "Rabia", "Sadia", "Farah"],
  },
  gulf: {
    male: ["Ahmed", "Mohammed", "Saeed", "Rashid", "Hamdan", "Obaid", "Jassim", "Khalifa"],
    female: ["Amna", "Shaikha", "Hind", "Meera", "Asma"],
  },
};

/** Kerala family names are house names, shortened to an initial after the name. */
const INITIALS = ["K", "P", "T", "V", "C", "M", "A", "N"];

export interface FamilyName {
  region: Region;
  /** The Urdu or Gulf family name its children carry. */
  family?: Part;
}

export interface ChildName {
  name: string;
  nameNative: string;
}

/** Draws names without repeating one until every combination has been used. */
export class NameBook {
  private readonly pools = new Map<string, string[][]>();

  constructor(private readonly shuffle: <T>(list: readonly T[]) => T[]) {}

  private draw(key: string, make: () => string[][]): string[] {
    let pool = this.pools.get(key);
    if (!pool?.length) {
      pool = this.shuffle(make());
      this.pools.set(key, pool);
    }
    return pool.pop()!;
  }

  familyName(region: Region): Part | undefined {
    if (region !== "urdu" && region !== "gulf") return undefined;
    const [latin, native] = this.draw(`family:${region}`, () => FAMILY_NAMED[region].family.map((p) => [...p]));
    return [latin!, native!];
  }

  child(family: FamilyName, gender: Gender): ChildName {
    const { region } = family;
    if (region === "kerala" || region === "tamil") {
      const { first, second } = TWO_PART[region][gender];
      const [name, nameNative] = this.draw(`child:${region}:${gender}`, () =>
        first.flatMap(([f, fn]) => second.map(([s, sn]) => [`${f} ${s}`, `${fn} ${sn}`])),
      );
      return { name: name!, nameNative: nameNative! };
    }
    const [given, givenNative] = this.draw(`given:${region}:${gender}:${family.family![0]}`, () => FAMILY_NAMED[region].given[gender].map((p) => [...p]));
    const [surname, surnameNative] = (gender === "female" && FEMININE[family.family![0]]) || family.family!;
    return { name: `${given} ${surname}`, nameNative: `${givenNative} ${surnameNative}` };
  }

  parent(family: FamilyName, gender: Gender): string {
    const { region } = family;
    if (region === "kerala") {
      const [name] = this.draw(`parent:${region}:${gender}`, () => PARENT_GIVEN.kerala[gender].flatMap((g) => INITIALS.map((i) => [`${g} ${i}`])));
      return name!;
    }
    const [given] = this.draw(`parent:${region}:${gender}`, () => PARENT_GIVEN[region][gender].map((g) => [g]));
    return family.family ? `${given} ${family.family[0]}` : given!;
  }
}
