import type { Language } from "@taleem/contract";
import { escapeHtml } from "../../platform/files/html.js";

type L = Record<Language, string>;

/** What the printed report cards and rank lists say, in the five languages. */
export const DOC_TEXTS = {
  reportCard: { en: "Report card", ta: "முன்னேற்ற அறிக்கை", ur: "رپورٹ کارڈ", ar: "بطاقة النتائج", ml: "പ്രോഗ്രസ് റിപ്പോർട്ട്" },
  rankList: { en: "Rank list", ta: "தரநிலைப் பட்டியல்", ur: "پوزیشن کی فہرست", ar: "قائمة الترتيب", ml: "റാങ്ക് ലിസ്റ്റ്" },
  name: { en: "Name", ta: "பெயர்", ur: "نام", ar: "الاسم", ml: "പേര്" },
  admissionNo: { en: "Admission no.", ta: "சேர்க்கை எண்", ur: "داخلہ نمبر", ar: "رقم القيد", ml: "അഡ്മിഷൻ നമ്പർ" },
  class: { en: "Class", ta: "வகுப்பு", ur: "جماعت", ar: "الصف", ml: "ക്ലാസ്" },
  rollNo: { en: "Roll no.", ta: "வரிசை எண்", ur: "رول نمبر", ar: "رقم الجلوس", ml: "റോൾ നമ്പർ" },
  subject: { en: "Subject", ta: "பாடம்", ur: "مضمون", ar: "المادة", ml: "വിഷയം" },
  marks: { en: "Marks", ta: "மதிப்பெண்", ur: "نمبر", ar: "الدرجة", ml: "മാർക്ക്" },
  maximum: { en: "Maximum", ta: "அதிகபட்சம்", ur: "کل نمبر", ar: "الدرجة العظمى", ml: "പരമാവധി" },
  passMarks: { en: "Pass marks", ta: "தேர்ச்சி மதிப்பெண்", ur: "کامیابی کے نمبر", ar: "درجة النجاح", ml: "വിജയ മാർക്ക്" },
  percentage: { en: "Percentage", ta: "சதவீதம்", ur: "فیصد", ar: "النسبة المئوية", ml: "ശതമാനം" },
  grade: { en: "Grade", ta: "தரம்", ur: "گریڈ", ar: "التقدير", ml: "ഗ്രേഡ്" },
  total: { en: "Total", ta: "மொத்தம்", ur: "میزان", ar: "المجموع", ml: "ആകെ" },
  result: { en: "Result", ta: "முடிவு", ur: "نتیجہ", ar: "النتيجة", ml: "ഫലം" },
  rank: { en: "Rank", ta: "தரநிலை", ur: "پوزیشن", ar: "الترتيب", ml: "റാങ്ക്" },
  classRank: { en: "Class rank", ta: "வகுப்புத் தரநிலை", ur: "جماعت میں پوزیشن", ar: "الترتيب في الصف", ml: "ക്ലാസ് റാങ്ക്" },
  overallRank: { en: "Overall rank", ta: "ஒட்டுமொத்தத் தரநிலை", ur: "مجموعی پوزیشن", ar: "الترتيب العام", ml: "മൊത്തം റാങ്ക്" },
  notRanked: { en: "Not ranked", ta: "தரநிலை இல்லை", ur: "پوزیشن نہیں دی گئی", ar: "غير مُرتَّب", ml: "റാങ്ക് നൽകിയിട്ടില്ല" },
  attendance: { en: "Attendance", ta: "வருகை", ur: "حاضری", ar: "الحضور", ml: "ഹാജർ" },
  attendanceDays: {
    en: "{present} of {total} days ({percent})",
    ta: "{total} நாட்களில் {present} நாட்கள் ({percent})",
    ur: "{total} دنوں میں سے {present} دن ({percent})",
    ar: "{present} من {total} يومًا ({percent})",
    ml: "{total} ദിവസത്തിൽ {present} ദിവസം ({percent})",
  },
  remarks: { en: "Remarks", ta: "குறிப்புகள்", ur: "تاثرات", ar: "الملاحظات", ml: "അഭിപ്രായം" },
  classTeacher: { en: "Class teacher", ta: "வகுப்பு ஆசிரியர்", ur: "جماعت کے استاد", ar: "معلم الصف", ml: "ക്ലാസ് അധ്യാപകൻ" },
  principal: { en: "Principal", ta: "தலைமை ஆசிரியர்", ur: "پرنسپل", ar: "مدير المدرسة", ml: "പ്രധാനാധ്യാപകൻ" },
  parent: { en: "Parent", ta: "பெற்றோர்", ur: "والدین / سرپرست", ar: "ولي الأمر", ml: "രക്ഷിതാവ്" },
  absent: { en: "Absent", ta: "வரவில்லை", ur: "غیر حاضر", ar: "غائب", ml: "ഹാജരായില്ല" },
  exempt: { en: "Exempt", ta: "விலக்கு", ur: "مستثنیٰ", ar: "معفى", ml: "ഒഴിവാക്കി" },
  passed: { en: "Passed", ta: "தேர்ச்சி", ur: "کامیاب", ar: "ناجح", ml: "വിജയിച്ചു" },
  notPassed: { en: "Not passed", ta: "தேர்ச்சி இல்லை", ur: "ناکام", ar: "غير ناجح", ml: "വിജയിച്ചില്ല" },
  weight: { en: "weight {weight}", ta: "எடை {weight}", ur: "وزن {weight}", ar: "الوزن {weight}", ml: "വെയ്റ്റേജ് {weight}" },
  scale: { en: "Grade scale", ta: "தர அளவுகோல்", ur: "گریڈ کا پیمانہ", ar: "سلّم التقديرات", ml: "ഗ്രേഡ് സ്കെയിൽ" },
  gradingRule: {
    en: "The percentage is rounded to a whole number, a half going up (89.5 becomes 90), and the grade is read from the scale.",
    ta: "சதவீதம் முழு எண்ணாக முழுமையாக்கப்படுகிறது, அரை மேல்நோக்கி (89.5 என்பது 90 ஆகும்); பின்னர் அளவுகோலில் இருந்து தரம் எடுக்கப்படுகிறது.",
    ur: "فیصد کو پورے عدد تک گول کیا جاتا ہے، آدھا اوپر کی طرف (89.5 کو 90 مانا جاتا ہے)، پھر گریڈ پیمانے سے لیا جاتا ہے۔",
    ar: "تُقرَّب النسبة المئوية إلى عدد صحيح، ويُقرَّب النصف إلى الأعلى (89.5 تصبح 90)، ثم يُؤخذ التقدير من السلّم.",
    ml: "ശതമാനം പൂർണ്ണസംഖ്യയിലേക്ക് റൗണ്ട് ചെയ്യുന്നു, പകുതി മുകളിലേക്ക് (89.5 എന്നത് 90 ആകും); തുടർന്ന് സ്കെയിലിൽ നിന്ന് ഗ്രേഡ് കണ്ടെത്തുന്നു.",
  },
  rulePaper: {
    en: "Ranked on the marks of this paper; students absent or exempt are not ranked. Equal marks share a rank and the next rank is skipped ({example}).",
    ta: "இந்தத் தாளின் மதிப்பெண்களின்படி தரநிலை; வராதவர்களுக்கும் விலக்கு பெற்றவர்களுக்கும் தரநிலை இல்லை. சம மதிப்பெண்கள் ஒரே தரநிலையைப் பகிரும், அடுத்த தரநிலை தவிர்க்கப்படும் ({example}).",
    ur: "اس پرچے کے نمبروں کے مطابق پوزیشن؛ غیر حاضر یا مستثنیٰ طلبہ کو پوزیشن نہیں دی جاتی۔ برابر نمبر والے ایک ہی پوزیشن پاتے ہیں اور اگلی پوزیشن چھوڑ دی جاتی ہے ({example})۔",
    ar: "الترتيب حسب درجات هذه الورقة؛ لا يُرتَّب الغائب ولا المعفى. تتشارك الدرجات المتساوية في الترتيب نفسه ويُتخطّى الترتيب التالي ({example}).",
    ml: "ഈ പേപ്പറിലെ മാർക്ക് അനുസരിച്ചാണ് റാങ്ക്; ഹാജരാകാത്തവർക്കും ഒഴിവാക്കപ്പെട്ടവർക്കും റാങ്കില്ല. തുല്യ മാർക്കുള്ളവർക്ക് ഒരേ റാങ്ക്; അടുത്ത റാങ്ക് ഒഴിവാക്കുന്നു ({example}).",
  },
  overall: { en: "Overall", ta: "ஒட்டுமொத்தம்", ur: "مجموعی", ar: "الترتيب العام", ml: "മൊത്തം" },
  date: { en: "Date", ta: "தேதி", ur: "تاریخ", ar: "التاريخ", ml: "തീയതി" },
  printed: { en: "Printed on {date}", ta: "அச்சிட்ட நாள் {date}", ur: "طباعت کی تاریخ {date}", ar: "طُبع في {date}", ml: "അച്ചടിച്ചത് {date}" },
  noStudents: {
    en: "No students to print.",
    ta: "அச்சிட மாணவர்கள் இல்லை.",
    ur: "چھاپنے کے لیے کوئی طالب علم نہیں۔",
    ar: "لا يوجد طلاب للطباعة.",
    ml: "അച്ചടിക്കാൻ വിദ്യാർത്ഥികളില്ല.",
  },
} satisfies Record<string, L>;

export type DocText = keyof typeof DOC_TEXTS;

/** A printed text in `language` (English when missing), its `{name}` placeholders filled (plain text). */
export function docText(language: string, key: DocText, params: Record<string, string | number> = {}): string {
  const t = DOC_TEXTS[key] as Record<string, string>;
  return (t[language] ?? t.en!).replace(/\{(\w+)\}/g, (m, k: string) => (k in params ? String(params[k]) : m));
}

/**
 * The same text as HTML: the words escaped and each placeholder filled with the HTML `fill` makes
 * of its value (a number kept left to right inside Urdu or Arabic, say).
 */
export function docHtml(language: string, key: DocText, fill: (value: string) => string, params: Record<string, string | number> = {}): string {
  const t = DOC_TEXTS[key] as Record<string, string>;
  return (t[language] ?? t.en!)
    .split(/(\{\w+\})/)
    .map((part) => {
      const k = /^\{(\w+)\}$/.exec(part)?.[1];
      return k && k in params ? fill(String(params[k])) : escapeHtml(part);
    })
    .join("");
}
