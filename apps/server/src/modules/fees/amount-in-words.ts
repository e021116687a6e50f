import type { Language } from "@taleem/contract";

/**
 * An amount of money in words, as a receipt writes it under the figure: pure, in the five
 * languages, with the currency's major and minor units ("rupees and paise"). English counts in
 * lakhs and crores for rupees (India, Pakistan) and in millions otherwise; Tamil, Malayalam and
 * Urdu always count in lakhs and crores (as their readers do, at home and in the Gulf); Arabic
 * always in thousands and millions.
 */

interface UnitNames {
  /** One of it, and more than one. */
  one: string;
  many: string;
}
/** Arabic's counted-noun forms: one, two (dual), three to ten (plural), eleven and up (singular accusative), and the gender the numbers agree with. */
interface ArabicUnit {
  one: string;
  two: string;
  plural: string;
  accusative: string;
  feminine: boolean;
}
interface CurrencyWords {
  major: Record<Exclude<Language, "ar">, UnitNames> & { ar: ArabicUnit };
  minor: Record<Exclude<Language, "ar">, UnitNames> & { ar: ArabicUnit };
  /** Counts in lakhs and crores in English. */
  indian: boolean;
}

const same = (word: string): UnitNames => ({ one: word, many: word });
const arM = (one: string, two: string, plural: string, accusative: string): ArabicUnit => ({ one, two, plural, accusative, feminine: false });
const arF = (one: string, two: string, plural: string, accusative: string): ArabicUnit => ({ one, two, plural, accusative, feminine: true });

const RUPEE = {
  en: { one: "rupee", many: "rupees" },
  ta: same("ரூபாய்"),
  ml: same("രൂപ"),
  ur: { one: "روپیہ", many: "روپے" },
  ar: arF("روبية", "روبيتان", "روبيات", "روبيةً"),
};
const PAISA = {
  en: { one: "paisa", many: "paise" },
  ta: same("பைசா"),
  ml: same("പൈസ"),
  ur: { one: "پیسہ", many: "پیسے" },
  ar: arF("بيسة", "بيستان", "بيسات", "بيسةً"),
};
const CENT = { en: { one: "cent", many: "cents" }, ta: same("சென்ட்"), ml: same("സെന്റ്"), ur: same("سینٹ"), ar: arM("سنت", "سنتان", "سنتات", "سنتًا") };

const CURRENCIES: Record<string, CurrencyWords> = {
  INR: { indian: true, major: RUPEE, minor: PAISA },
  PKR: { indian: true, major: RUPEE, minor: PAISA },
  AED: {
    indian: false,
    major: { en: { one: "dirham", many: "dirhams" }, ta: same("திர்ஹம்"), ml: same("ദിർഹം"), ur: same("درہم"), ar: arM("درهم", "درهمان", "دراهم", "درهمًا") },
    minor: { en: same("fils"), ta: same("ஃபில்ஸ்"), ml: same("ഫിൽസ്"), ur: same("فلس"), ar: arM("فلس", "فلسان", "فلوس", "فلسًا") },
  },
  SAR: {
    indian: false,
    major: { en: { one: "riyal", many: "riyals" }, ta: same("ரியால்"), ml: same("റിയാൽ"), ur: same("ریال"), ar: arM("ريال", "ريالان", "ريالات", "ريالًا") },
    minor: { en: { one: "halala", many: "halalas" }, ta: same("ஹலாலா"), ml: same("ഹലാല"), ur: same("ہللہ"), ar: arF("هللة", "هللتان", "هللات", "هللةً") },
  },
  USD: {
    indian: false,
    major: { en: { one: "dollar", many: "dollars" }, ta: same("டாலர்"), ml: same("ഡോളർ"), ur: same("ڈالر"), ar: arM("دولار", "دولاران", "دولارات", "دولارًا") },
    minor: CENT,
  },
};

/** A currency not listed reads its code for the major unit and cents for the minor. */
const wordsOf = (currency: string): CurrencyWords =>
  CURRENCIES[currency] ?? {
    indian: false,
    major: { en: same(currency), ta: same(currency), ml: same(currency), ur: same(currency), ar: arM(currency, currency, currency, currency) },
    minor: CENT,
  };

// ---------- English ----------

const EN_ONES = [
  "",
  "one",
  "two",
  "three",
  "four",
  "five",
  "six",
  "seven",
  "eight",
  "nine",
  "ten",
  "eleven",
  "twelve",
  "thirteen",
  "fourteen",
  "fifteen",
  "sixteen",
  "seventeen",
  "eighteen",
  "nineteen",
];
const EN_TENS = ["", "", "twenty", "thirty", "forty", "fifty", "sixty", "seventy", "eighty", "ninety"];

function enBelow1000(n: number): string {
  const parts: string[] = [];
  if (n >= 100) parts.push(`${EN_ONES[Math.floor(n / 100)]} hundred`);
  const r = n % 100;
  if (r >= 20) parts.push(r % 10 ? `${EN_TENS[Math.floor(r / 10)]}-${EN_ONES[r % 10]}` : EN_TENS[Math.floor(r / 10)]!);
  else if (r) parts.push(EN_ONES[r]!);
  return parts.join(" ");
}

function enWords(n: number, indian: boolean): string {
  if (n === 0) return "zero";
  const scales: [number, string][] = indian
    ? [
        [10_000_000, "crore"],
        [100_000, "lakh"],
        [1000, "thousand"],
      ]
    : [
        [1_000_000_000, "billion"],
        [1_000_000, "million"],
        [1000, "thousand"],
      ];
  const parts: string[] = [];
  let rest = n;
  for (const [size, name] of scales) {
    const count = Math.floor(rest / size);
    if (!count) continue;
    parts.push(`${size === 10_000_000 || size === 1_000_000_000 ? enWords(count, indian) : enBelow1000(count)} ${name}`);
    rest %= size;
  }
  if (rest) parts.push(enBelow1000(rest));
  return parts.join(" ");
}

// ---------- Tamil ----------

const TA_ONES = ["", "ஒன்று", "இரண்டு", "மூன்று", "நான்கு", "ஐந்து", "ஆறு", "ஏழு", "எட்டு", "ஒன்பது"];
const TA_TEENS = ["பத்து", "பதினொன்று", "பன்னிரண்டு", "பதின்மூன்று", "பதினான்கு", "பதினைந்து", "பதினாறு", "பதினேழு", "பதினெட்டு", "பத்தொன்பது"];
const TA_TENS = ["", "", "இருபது", "முப்பது", "நாற்பது", "ஐம்பது", "அறுபது", "எழுபது", "எண்பது", "தொண்ணூறு"];
/** The tens when units follow: இருபத்து மூன்று. */
const TA_TENS_ON = ["", "", "இருபத்து", "முப்பத்து", "நாற்பத்து", "ஐம்பத்து", "அறுபத்து", "எழுபத்து", "எண்பத்து", "தொண்ணூற்று"];
const TA_HUNDREDS = ["", "நூறு", "இருநூறு", "முந்நூறு", "நானூறு", "ஐந்நூறு", "அறுநூறு", "எழுநூறு", "எண்ணூறு", "தொள்ளாயிரம்"];
/** The hundreds when more follows: நூற்று ஒன்று. */
const TA_HUNDREDS_ON = ["", "நூற்று", "இருநூற்று", "முந்நூற்று", "நானூற்று", "ஐந்நூற்று", "அறுநூற்று", "எழுநூற்று", "எண்ணூற்று", "தொள்ளாயிரத்து"];
/** A count of thousands, joined to ஆயிரம் as it is said: 1 to 19, then the tens alone. */
const TA_THOUSANDS = [
  "",
  "ஆயிரம்",
  "இரண்டாயிரம்",
  "மூவாயிரம்",
  "நான்காயிரம்",
  "ஐயாயிரம்",
  "ஆறாயிரம்",
  "ஏழாயிரம்",
  "எட்டாயிரம்",
  "ஒன்பதாயிரம்",
  "பத்தாயிரம்",
  "பதினோராயிரம்",
  "பன்னிரண்டாயிரம்",
  "பதின்மூன்றாயிரம்",
  "பதினான்காயிரம்",
  "பதினைந்தாயிரம்",
  "பதினாறாயிரம்",
  "பதினேழாயிரம்",
  "பதினெட்டாயிரம்",
  "பத்தொன்பதாயிரம்",
];
const TA_TENS_THOUSANDS = ["", "", "இருபதாயிரம்", "முப்பதாயிரம்", "நாற்பதாயிரம்", "ஐம்பதாயிரம்", "அறுபதாயிரம்", "எழுபதாயிரம்", "எண்பதாயிரம்", "தொண்ணூறாயிரம்"];
/** A unit of thousands after tens: இருபத்து ஓராயிரம். */
const TA_UNIT_THOUSANDS = ["", "ஓராயிரம்", ...TA_THOUSANDS.slice(2, 10)];

function taBelow100(n: number): string {
  if (n < 10) return TA_ONES[n]!;
  if (n < 20) return TA_TEENS[n - 10]!;
  return n % 10 ? `${TA_TENS_ON[Math.floor(n / 10)]} ${TA_ONES[n % 10]}` : TA_TENS[n / 10]!;
}

function taBelow1000(n: number): string {
  const h = Math.floor(n / 100);
  const r = n % 100;
  if (!h) return taBelow100(r);
  return r ? `${TA_HUNDREDS_ON[h]} ${taBelow100(r)}` : TA_HUNDREDS[h]!;
}

function taThousands(count: number): string {
  if (count < 20) return TA_THOUSANDS[count]!;
  return count % 10 ? `${TA_TENS_ON[Math.floor(count / 10)]} ${TA_UNIT_THOUSANDS[count % 10]}` : TA_TENS_THOUSANDS[count / 10]!;
}

function taWords(n: number): string {
  if (n === 0) return "பூஜ்ஜியம்";
  const crore = Math.floor(n / 10_000_000);
  const lakh = Math.floor((n % 10_000_000) / 100_000);
  const thousand = Math.floor((n % 100_000) / 1000);
  const rest = n % 1000;
  const parts: string[] = [];
  const more = (after: number) => after > 0;
  if (crore) parts.push(`${crore === 1 ? "ஒரு" : taWords(crore)} ${more(n % 10_000_000) ? "கோடியே" : "கோடி"}`);
  if (lakh) parts.push(`${lakh === 1 ? "ஒரு" : taBelow100(lakh)} ${more(n % 100_000) ? "லட்சத்து" : "லட்சம்"}`);
  if (thousand) {
    const words = taThousands(thousand);
    parts.push(more(rest) ? `${words.slice(0, -"ம்".length)}த்து` : words);
  }
  if (rest) parts.push(taBelow1000(rest));
  return parts.join(" ");
}

// ---------- Malayalam ----------

const ML_ONES = ["", "ഒന്ന്", "രണ്ട്", "മൂന്ന്", "നാല്", "അഞ്ച്", "ആറ്", "ഏഴ്", "എട്ട്", "ഒമ്പത്"];
/** A unit joined to the tens before it: ഇരുപത്തി + യൊന്ന്. */
const ML_ONES_JOINED = ["", "യൊന്ന്", "രണ്ട്", "മൂന്ന്", "നാല്", "യഞ്ച്", "യാറ്", "യേഴ്", "യെട്ട്", "യൊമ്പത്"];
const ML_TEENS = ["പത്ത്", "പതിനൊന്ന്", "പന്ത്രണ്ട്", "പതിമൂന്ന്", "പതിനാല്", "പതിനഞ്ച്", "പതിനാറ്", "പതിനേഴ്", "പതിനെട്ട്", "പത്തൊമ്പത്"];
const ML_TENS = ["", "", "ഇരുപത്", "മുപ്പത്", "നാൽപ്പത്", "അമ്പത്", "അറുപത്", "എഴുപത്", "എൺപത്", "തൊണ്ണൂറ്"];
const ML_TENS_ON = ["", "", "ഇരുപത്തി", "മുപ്പത്തി", "നാൽപ്പത്തി", "അമ്പത്തി", "അറുപത്തി", "എഴുപത്തി", "എൺപത്തി", "തൊണ്ണൂറ്റി"];
const ML_HUNDREDS = ["", "നൂറ്", "ഇരുനൂറ്", "മുന്നൂറ്", "നാനൂറ്", "അഞ്ഞൂറ്", "അറുനൂറ്", "എഴുനൂറ്", "എണ്ണൂറ്", "തൊള്ളായിരം"];
const ML_HUNDREDS_ON = ["", "നൂറ്റി", "ഇരുനൂറ്റി", "മുന്നൂറ്റി", "നാനൂറ്റി", "അഞ്ഞൂറ്റി", "അറുനൂറ്റി", "എഴുനൂറ്റി", "എണ്ണൂറ്റി", "തൊള്ളായിരത്തി"];
const ML_THOUSANDS = [
  "",
  "ആയിരം",
  "രണ്ടായിരം",
  "മൂവായിരം",
  "നാലായിരം",
  "അയ്യായിരം",
  "ആറായിരം",
  "ഏഴായിരം",
  "എണ്ണായിരം",
  "ഒമ്പതിനായിരം",
  "പതിനായിരം",
  "പതിനോരായിരം",
  "പന്ത്രണ്ടായിരം",
  "പതിമൂവായിരം",
  "പതിനാലായിരം",
  "പതിനയ്യായിരം",
  "പതിനാറായിരം",
  "പതിനേഴായിരം",
  "പതിനെണ്ണായിരം",
  "പത്തൊമ്പതിനായിരം",
];
const ML_TENS_THOUSANDS = ["", "", "ഇരുപതിനായിരം", "മുപ്പതിനായിരം", "നാൽപ്പതിനായിരം", "അമ്പതിനായിരം", "അറുപതിനായിരം", "എഴുപതിനായിരം", "എൺപതിനായിരം", "തൊണ്ണൂറായിരം"];
/** A unit of thousands joined to the tens before it: ഇരുപത്തി + മൂവായിരം. */
const ML_UNIT_THOUSANDS = ["", "യോരായിരം", "രണ്ടായിരം", "മൂവായിരം", "നാലായിരം", "യയ്യായിരം", "യാറായിരം", "യേഴായിരം", "യെണ്ണായിരം", "യൊമ്പതിനായിരം"];

function mlBelow100(n: number): string {
  if (n < 10) return ML_ONES[n]!;
  if (n < 20) return ML_TEENS[n - 10]!;
  return n % 10 ? `${ML_TENS_ON[Math.floor(n / 10)]}${ML_ONES_JOINED[n % 10]}` : ML_TENS[n / 10]!;
}

function mlBelow1000(n: number): string {
  const h = Math.floor(n / 100);
  const r = n % 100;
  if (!h) return mlBelow100(r);
  return r ? `${ML_HUNDREDS_ON[h]} ${mlBelow100(r)}` : ML_HUNDREDS[h]!;
}

function mlThousands(count: number): string {
  if (count < 20) return ML_THOUSANDS[count]!;
  return count % 10 ? `${ML_TENS_ON[Math.floor(count / 10)]}${ML_UNIT_THOUSANDS[count % 10]}` : ML_TENS_THOUSANDS[count / 10]!;
}

function mlWords(n: number): string {
  if (n === 0) return "പൂജ്യം";
  const crore = Math.floor(n / 10_000_000);
  const lakh = Math.floor((n % 10_000_000) / 100_000);
  const thousand = Math.floor((n % 100_000) / 1000);
  const rest = n % 1000;
  const parts: string[] = [];
  if (crore) parts.push(`${crore === 1 ? "ഒരു" : mlWords(crore)} കോടി`);
  if (lakh) parts.push(`${lakh === 1 ? "ഒരു" : mlBelow100(lakh)} ${n % 100_000 ? "ലക്ഷത്തി" : "ലക്ഷം"}`);
  if (thousand) {
    const words = mlThousands(thousand);
    parts.push(rest ? `${words.slice(0, -"ം".length)}ത്തി` : words);
  }
  if (rest) parts.push(mlBelow1000(rest));
  return parts.join(" ");
}

// ---------- Urdu ----------

/** 0 to 99: each its own word in Urdu. */
const UR_BELOW_100 = (
  "صفر ایک دو تین چار پانچ چھ سات آٹھ نو دس گیارہ بارہ تیرہ چودہ پندرہ سولہ سترہ اٹھارہ انیس بیس " +
  "اکیس بائیس تئیس چوبیس پچیس چھبیس ستائیس اٹھائیس انتیس تیس اکتیس بتیس تینتیس چونتیس پینتیس چھتیس سینتیس اڑتیس انتالیس چالیس " +
  "اکتالیس بیالیس تینتالیس چوالیس پینتالیس چھیالیس سینتالیس اڑتالیس انچاس پچاس اکیاون باون ترپن چون پچپن چھپن ستاون اٹھاون انسٹھ ساٹھ " +
  "اکسٹھ باسٹھ تریسٹھ چونسٹھ پینسٹھ چھیاسٹھ سڑسٹھ اڑسٹھ انہتر ستر اکہتر بہتر تہتر چوہتر پچھتر چھہتر ستتر اٹھہتر اناسی اسی " +
  "اکیاسی بیاسی تراسی چوراسی پچاسی چھیاسی ستاسی اٹھاسی نواسی نوے اکانوے بانوے ترانوے چورانوے پچانوے چھیانوے ستانوے اٹھانوے ننانوے"
).split(" ");

function urWords(n: number): string {
  if (n === 0) return UR_BELOW_100[0]!;
  const parts: string[] = [];
  const scales: [number, string][] = [
    [10_000_000, "کروڑ"],
    [100_000, "لاکھ"],
    [1000, "ہزار"],
    [100, "سو"],
  ];
  let rest = n;
  for (const [size, name] of scales) {
    const count = Math.floor(rest / size);
    if (!count) continue;
    parts.push(`${count < 100 ? UR_BELOW_100[count] : urWords(count)} ${name}`);
    rest %= size;
  }
  if (rest) parts.push(UR_BELOW_100[rest]!);
  return parts.join(" ");
}

// ---------- Arabic ----------

const AR_ONES_M = ["", "واحد", "اثنان", "ثلاثة", "أربعة", "خمسة", "ستة", "سبعة", "ثمانية", "تسعة", "عشرة"];
const AR_ONES_F = ["", "واحدة", "اثنتان", "ثلاث", "أربع", "خمس", "ست", "سبع", "ثماني", "تسع", "عشر"];
const AR_TENS = ["", "", "عشرون", "ثلاثون", "أربعون", "خمسون", "ستون", "سبعون", "ثمانون", "تسعون"];
const AR_HUNDREDS = ["", "مئة", "مئتان", "ثلاثمئة", "أربعمئة", "خمسمئة", "ستمئة", "سبعمئة", "ثمانمئة", "تسعمئة"];

/**
 * 1 to 999 counting a noun of the given gender. Three to ten take the opposite gender of the
 * noun (ثلاثة دراهم, ثلاث روبيات); one, two, eleven and twelve agree with it.
 */
function arBelow1000(n: number, feminine: boolean): string {
  const h = Math.floor(n / 100);
  const r = n % 100;
  const parts: string[] = [];
  if (h) parts.push(AR_HUNDREDS[h]!);
  if (r) {
    // The noun's gender: masculine nouns take the "feminine-looking" numbers 3 to 10, as Arabic does.
    const ones = feminine ? AR_ONES_F : AR_ONES_M;
    let words: string;
    if (r <= 10) words = ones[r]!;
    else if (r === 11) words = feminine ? "إحدى عشرة" : "أحد عشر";
    else if (r === 12) words = feminine ? "اثنتا عشرة" : "اثنا عشر";
    else if (r < 20) words = `${ones[r - 10]} ${feminine ? "عشرة" : "عشر"}`;
    else {
      const unit = r % 10;
      const unitWord = unit === 1 ? (feminine ? "إحدى" : "واحد") : ones[unit];
      words = unit ? `${unitWord} و${AR_TENS[Math.floor(r / 10)]}` : AR_TENS[r / 10]!;
    }
    parts.push(words);
  }
  return parts.join(" و");
}

/** A count of a scale word (ألف, مليون, مليار), with the noun in the form the count asks. */
function arScale(count: number, one: string, two: string, plural: string, accusative: string): string {
  if (count === 1) return one;
  if (count === 2) return two;
  const r = count % 100;
  if (count > 100 && (r === 1 || r === 2)) return `${arBelow1000(count - r, false)} ${one} و${r === 1 ? one : two}`;
  const words = arBelow1000(count, false);
  if (r >= 3 && r <= 10) return `${words} ${plural}`;
  if (r >= 11) return `${words} ${accusative}`;
  return `${words} ${one}`;
}

function arNumber(n: number, feminine: boolean): string {
  const parts: string[] = [];
  const billions = Math.floor(n / 1_000_000_000);
  const millions = Math.floor((n % 1_000_000_000) / 1_000_000);
  const thousands = Math.floor((n % 1_000_000) / 1000);
  const rest = n % 1000;
  if (billions) parts.push(arScale(billions, "مليار", "ملياران", "مليارات", "مليارًا"));
  if (millions) parts.push(arScale(millions, "مليون", "مليونان", "ملايين", "مليونًا"));
  if (thousands) parts.push(arScale(thousands, "ألف", "ألفان", "آلاف", "ألفًا"));
  if (rest) parts.push(arBelow1000(rest, feminine));
  return parts.join(" و");
}

/** A counted amount of one unit: درهم واحد, درهمان, ثلاثة دراهم, أحد عشر درهمًا, مئة درهم. */
function arCounted(n: number, unit: ArabicUnit): string {
  if (n === 1) return `${unit.one} ${unit.feminine ? "واحدة" : "واحد"}`;
  if (n === 2) return unit.two;
  const r = n % 100;
  const words = arNumber(n, unit.feminine);
  if (r >= 3 && r <= 10) return `${words} ${unit.plural}`;
  if (r >= 11) return `${words} ${unit.accusative}`;
  return `${words} ${unit.one}`;
}

// ---------- the amount ----------

const ONLY: Record<Exclude<Language, "ar">, string> = { en: "only", ta: "மட்டும்", ml: "മാത്രം", ur: "صرف" };
const AND: Record<Exclude<Language, "ar">, string> = { en: "and", ta: "", ml: "", ur: "اور" };

/** The currency's minor units in one major unit: 100 for every currency the platform sells in. */
export const MINOR_PER_MAJOR = 100;

/**
 * `minor` units of `currency` in words in `language`, ending "only" (or its word): 12345650 INR
 * in English is "One lakh twenty-three thousand four hundred fifty-six rupees and fifty paise only".
 */
export function amountInWords(minor: number, currency: string, language: Language): string {
  if (!Number.isSafeInteger(minor) || minor < 0) throw new RangeError(`amountInWords: ${minor} is not a whole, non-negative number of minor units`);
  const words = wordsOf(currency);
  const major = Math.floor(minor / MINOR_PER_MAJOR);
  const cents = minor % MINOR_PER_MAJOR;
  if (language === "ar") {
    const parts = [
      major || !cents ? (major ? arCounted(major, words.major.ar) : `صفر ${words.major.ar.one}`) : "",
      cents ? arCounted(cents, words.minor.ar) : "",
    ];
    return `فقط ${parts.filter(Boolean).join(" و")} لا غير`;
  }
  const number = (n: number) => (language === "en" ? enWords(n, words.indian) : language === "ta" ? taWords(n) : language === "ml" ? mlWords(n) : urWords(n));
  const unit = (n: number, names: UnitNames) => (n === 1 ? names.one : names.many);
  const majorPart = major || !cents ? `${number(major)} ${unit(major, words.major[language])}` : "";
  const minorPart = cents ? `${number(cents)} ${unit(cents, words.minor[language])}` : "";
  const joined = [majorPart, majorPart && minorPart ? AND[language] : "", minorPart].filter(Boolean).join(" ");
  const text = `${joined} ${ONLY[language]}`;
  return language === "en" ? text.charAt(0).toUpperCase() + text.slice(1) : text;
}
