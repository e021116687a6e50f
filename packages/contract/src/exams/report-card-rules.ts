import type { Language } from "../values.js";
import type { RankRule, ReportCard } from "./report-card.js";

/**
 * The rules a report card is worked out by, stated once: the ranking (report-card.ts on the server
 * ranks by `isRanked`) and the totals, in the words the card on screen and the printed card both
 * show. A rule changed here changes what every card does and says.
 */

/** Whether the student sat a paper: marks given in at least one (absent or exempt from every paper is not). */
export const satAPaper = (card: Pick<ReportCard, "subjects">) => card.subjects.some((s) => s.papers.some((p) => p.status === "present" && p.marks !== null));

/** Whether the set's rule ranks a card: a paper sat, and (passedAll) every subject passed. */
export const isRanked = (card: Pick<ReportCard, "subjects" | "percent" | "rankRule" | "passed">) =>
  card.percent !== null && satAPaper(card) && (card.rankRule === "all" || card.passed === true);

/** Standard competition ranking, as the rule's sentence shows it. */
export const RANK_EXAMPLE = "1, 2, 2, 4";

const RULES = {
  all: {
    en: "Every student who sat at least one paper is ranked, on the percentage; a student absent from every paper is not ranked. Equal percentages share a rank and the next rank is skipped ({example}).",
    ta: "குறைந்தது ஒரு தாளாவது எழுதிய ஒவ்வொரு மாணவருக்கும் சதவீதத்தின்படி தரநிலை வழங்கப்படும்; எல்லாத் தாள்களுக்கும் வராத மாணவருக்குத் தரநிலை இல்லை. சம சதவீதங்கள் ஒரே தரநிலையைப் பகிரும், அடுத்த தரநிலை தவிர்க்கப்படும் ({example}).",
    ur: "جس طالب علم نے کم از کم ایک پرچہ دیا، اسے فیصد کے مطابق پوزیشن دی جاتی ہے؛ جو ہر پرچے میں غیر حاضر رہا اسے پوزیشن نہیں دی جاتی۔ برابر فیصد والے ایک ہی پوزیشن پاتے ہیں اور اگلی پوزیشن چھوڑ دی جاتی ہے ({example})۔",
    ar: "يُرتَّب كل طالب أدّى ورقة واحدة على الأقل حسب نسبته المئوية؛ ولا يُرتَّب من غاب عن جميع الأوراق. تتشارك النسب المتساوية في الترتيب نفسه ويُتخطّى الترتيب التالي ({example}).",
    ml: "ഒരു പേപ്പറെങ്കിലും എഴുതിയ എല്ലാ വിദ്യാർത്ഥികൾക്കും ശതമാനം അനുസരിച്ച് റാങ്ക് നൽകുന്നു; എല്ലാ പേപ്പറിനും ഹാജരാകാത്തവർക്ക് റാങ്കില്ല. തുല്യ ശതമാനമുള്ളവർക്ക് ഒരേ റാങ്ക്; അടുത്ത റാങ്ക് ഒഴിവാക്കുന്നു ({example}).",
  },
  passedAll: {
    en: "Only students who passed every subject are ranked, on the percentage; an absent paper fails its subject. Equal percentages share a rank and the next rank is skipped ({example}).",
    ta: "அனைத்துப் பாடங்களிலும் தேர்ச்சி பெற்ற மாணவர்களுக்கு மட்டுமே சதவீதத்தின்படி தரநிலை வழங்கப்படும்; வராத தாள் அதன் பாடத்தில் தோல்வியாகும். சம சதவீதங்கள் ஒரே தரநிலையைப் பகிரும், அடுத்த தரநிலை தவிர்க்கப்படும் ({example}).",
    ur: "صرف وہی طلبہ فیصد کے مطابق پوزیشن پاتے ہیں جو ہر مضمون میں کامیاب ہوں؛ غیر حاضری والا پرچہ اپنے مضمون میں ناکامی ہے۔ برابر فیصد والے ایک ہی پوزیشن پاتے ہیں اور اگلی پوزیشن چھوڑ دی جاتی ہے ({example})۔",
    ar: "لا يُرتَّب حسب النسبة المئوية إلا الطلاب الناجحون في جميع المواد؛ والغياب عن ورقة رسوبٌ في مادتها. تتشارك النسب المتساوية في الترتيب نفسه ويُتخطّى الترتيب التالي ({example}).",
    ml: "എല്ലാ വിഷയങ്ങളിലും വിജയിച്ചവർക്ക് മാത്രമേ ശതമാനം അനുസരിച്ച് റാങ്ക് നൽകൂ; ഹാജരാകാത്ത പേപ്പർ ആ വിഷയത്തിൽ പരാജയമാണ്. തുല്യ ശതമാനമുള്ളവർക്ക് ഒരേ റാങ്ക്; അടുത്ത റാങ്ക് ഒഴിവാക്കുന്നു ({example}).",
  },
  totals: {
    en: "AB: absent, counted as 0 marks in the total · EX: exempt, left out of the total",
    ta: "AB: வரவில்லை, மொத்தத்தில் 0 மதிப்பெண் · EX: விலக்கு, மொத்தத்தில் சேர்க்கப்படவில்லை",
    ur: "AB: غیر حاضر، میزان میں 0 نمبر · EX: مستثنیٰ، میزان میں شامل نہیں",
    ar: "AB: غائب، تُحسب 0 في المجموع · EX: معفى، غير محسوب في المجموع",
    ml: "AB: ഹാജരായില്ല, ആകെയിൽ 0 മാർക്ക് · EX: ഒഴിവാക്കി, ആകെയിൽ കൂട്ടിയിട്ടില്ല",
  },
} satisfies Record<RankRule | "totals", Record<Language, string>>;

/**
 * A card's rule in `language` (English for any other), as parts: plain words and, where the
 * example goes, `{ example }`, so a screen or a page can keep the numbers left to right.
 */
export function cardRuleParts(rule: RankRule | "totals", language: string): (string | { example: string })[] {
  const text = (RULES[rule] as Record<string, string>)[language] ?? RULES[rule].en;
  return text.split(/(\{example\})/).map((part) => (part === "{example}" ? { example: RANK_EXAMPLE } : part));
}
