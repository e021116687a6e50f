import { createHash } from "node:crypto";
import { type Gender, LANGUAGES, type Language, type Localised } from "@taleem/contract";

type L = Record<Language, string>;

/** The text in `language`, else English. */
export const pick = (t: L | Localised, language: string, fallback = ""): string =>
  (t as Record<string, string | undefined>)[language] ?? (t as Record<string, string | undefined>).en ?? fallback;

/**
 * The standard consent the guardian gives on the public form ({school} is the school's name). A
 * school may word its own in the form customisation; either way the exact text shown is stored.
 */
export const CONSENT: L = {
  en: "I am the parent or guardian of the child named in this application. I agree that {school} may keep and use the information and documents in this application, including the child's photo, to consider the application and, if the child is admitted, to keep the child's school records. The school will not share them with anyone else except where the law requires it. I may ask the school to see, correct or delete this information.",
  ta: "இந்த விண்ணப்பத்தில் குறிப்பிடப்பட்டுள்ள குழந்தையின் பெற்றோர் அல்லது பாதுகாவலர் நான். விண்ணப்பத்தைப் பரிசீலிக்கவும், குழந்தை சேர்க்கப்பட்டால் அதன் பள்ளிப் பதிவுகளைப் பராமரிக்கவும், குழந்தையின் புகைப்படம் உட்பட இந்த விண்ணப்பத்திலுள்ள தகவல்களையும் ஆவணங்களையும் {school} வைத்திருந்து பயன்படுத்த நான் ஒப்புக்கொள்கிறேன். சட்டம் கோரும் இடங்களைத் தவிர வேறு யாருடனும் பள்ளி இவற்றைப் பகிராது. இந்தத் தகவல்களைப் பார்க்கவும், திருத்தவும் அல்லது நீக்கவும் நான் பள்ளியிடம் கேட்கலாம்.",
  ur: "میں اس درخواست میں درج بچے کا والد، والدہ یا سرپرست ہوں۔ میں اس بات سے اتفاق کرتا/کرتی ہوں کہ {school} اس درخواست کی معلومات اور کاغذات، بشمول بچے کی تصویر، درخواست پر غور کرنے اور بچے کے داخلے کی صورت میں اس کا تعلیمی ریکارڈ رکھنے کے لیے محفوظ رکھے اور استعمال کرے۔ اسکول قانونی تقاضے کے سوا یہ معلومات کسی اور کو نہیں دے گا۔ میں اسکول سے ان معلومات کو دیکھنے، درست کرنے یا حذف کرنے کا کہہ سکتا/سکتی ہوں۔",
  ar: "أنا ولي أمر الطفل المذكور في هذا الطلب. أوافق على أن تحتفظ {school} بالمعلومات والوثائق الواردة في هذا الطلب، بما فيها صورة الطفل، وأن تستخدمها للنظر في الطلب، وفي حال قبول الطفل لحفظ سجله المدرسي. لن تشارك المدرسة هذه المعلومات مع أي جهة أخرى إلا حيث يقتضي القانون ذلك. يحق لي أن أطلب من المدرسة الاطلاع على هذه المعلومات أو تصحيحها أو حذفها.",
  ml: "ഈ അപേക്ഷയിൽ പേരുള്ള കുട്ടിയുടെ രക്ഷിതാവാണ് ഞാൻ. അപേക്ഷ പരിഗണിക്കുന്നതിനും, കുട്ടിക്ക് പ്രവേശനം ലഭിച്ചാൽ സ്കൂൾ രേഖകൾ സൂക്ഷിക്കുന്നതിനും, കുട്ടിയുടെ ഫോട്ടോ ഉൾപ്പെടെ ഈ അപേക്ഷയിലെ വിവരങ്ങളും രേഖകളും {school} സൂക്ഷിക്കുകയും ഉപയോഗിക്കുകയും ചെയ്യുന്നതിന് ഞാൻ സമ്മതിക്കുന്നു. നിയമം ആവശ്യപ്പെടുന്നിടത്തല്ലാതെ സ്ഥാപനം ഇവ മറ്റാരുമായും പങ്കിടില്ല. ഈ വിവരങ്ങൾ കാണാനോ തിരുത്താനോ നീക്കം ചെയ്യാനോ എനിക്ക് സ്ഥാപനത്തോട് ആവശ്യപ്പെടാം.",
};

/**
 * The consent texts a school's form shows, per language, and their version: a hash of the texts
 * themselves, so any change of wording (the school's own, or its name) is a new version, and a
 * form sent with an old version is asked to reload rather than stored against words never shown.
 */
export function consentTexts(school: string, own: Localised): { version: string; texts: Record<string, string> } {
  const source = Object.values(own).some(Boolean) ? own : CONSENT;
  const texts: Record<string, string> = {};
  for (const l of LANGUAGES) {
    const t = (source as Record<string, string | undefined>)[l];
    if (t) texts[l] = t.replaceAll("{school}", school);
  }
  const version = createHash("sha256")
    .update(JSON.stringify(LANGUAGES.map((l) => [l, texts[l] ?? null])))
    .digest("hex")
    .slice(0, 16);
  return { version, texts };
}

export const RECEIVED: L = {
  en: "Thank you. Your application {no} has been received. Please keep this number; the school will contact you.",
  ta: "நன்றி. உங்கள் விண்ணப்பம் {no} பெறப்பட்டது. இந்த எண்ணை வைத்துக் கொள்ளவும்; பள்ளி உங்களைத் தொடர்பு கொள்ளும்.",
  ur: "شکریہ۔ آپ کی درخواست {no} موصول ہو گئی ہے۔ براہِ کرم یہ نمبر سنبھال کر رکھیں؛ اسکول آپ سے رابطہ کرے گا۔",
  ar: "شكرًا لكم. تم استلام طلبكم رقم {no}. يُرجى الاحتفاظ بهذا الرقم؛ ستتواصل معكم المدرسة.",
  ml: "നന്ദി. നിങ്ങളുടെ അപേക്ഷ {no} ലഭിച്ചു. ഈ നമ്പർ സൂക്ഷിക്കുക; സ്ഥാപനം നിങ്ങളെ ബന്ധപ്പെടും.",
};
export const receivedMessage = (language: string, applicationNo: string) => pick(RECEIVED, language).replace("{no}", applicationNo);

/** The admission form's built-in fields, as the form and the printed application name them. */
export const FIELD_LABELS: Record<string, L> = {
  name: { en: "Name of the child", ta: "குழந்தையின் பெயர்", ur: "بچے کا نام", ar: "اسم الطفل", ml: "കുട്ടിയുടെ പേര്" },
  nameNative: { en: "Name in own script", ta: "தாய்மொழி எழுத்தில் பெயர்", ur: "اپنی زبان میں نام", ar: "الاسم بلغته الأصلية", ml: "മാതൃഭാഷയിൽ പേര്" },
  gender: { en: "Gender", ta: "பாலினம்", ur: "جنس", ar: "الجنس", ml: "ലിംഗഭേദം" },
  dateOfBirth: { en: "Date of birth", ta: "பிறந்த தேதி", ur: "تاریخِ پیدائش", ar: "تاريخ الميلاد", ml: "ജനനത്തീയതി" },
  photo: { en: "Photo of the child", ta: "குழந்தையின் புகைப்படம்", ur: "بچے کی تصویر", ar: "صورة الطفل", ml: "കുട്ടിയുടെ ഫോട്ടോ" },
  email: { en: "Student's e-mail", ta: "மாணவரின் மின்னஞ்சல்", ur: "طالب علم کا ای میل", ar: "البريد الإلكتروني للطالب", ml: "വിദ്യാർത്ഥിയുടെ ഇമെയിൽ" },
  mobile: { en: "Student's mobile number", ta: "மாணவரின் கைபேசி எண்", ur: "طالب علم کا موبائل نمبر", ar: "رقم جوال الطالب", ml: "വിദ്യാർത്ഥിയുടെ മൊബൈൽ നമ്പർ" },
  address: { en: "Address", ta: "முகவரி", ur: "پتہ", ar: "العنوان", ml: "വിലാസം" },
  previousSchool: { en: "Previous school", ta: "முந்தைய பள்ளி", ur: "سابقہ اسکول", ar: "المدرسة السابقة", ml: "മുൻപ് പഠിച്ച സ്ഥാപനം" },
  courseId: { en: "Course applied for", ta: "விண்ணப்பிக்கும் படிப்பு", ur: "مطلوبہ کورس", ar: "البرنامج المطلوب", ml: "അപേക്ഷിക്കുന്ന കോഴ്സ്" },
  guardianName: {
    en: "Parent or guardian's name",
    ta: "பெற்றோர் அல்லது பாதுகாவலரின் பெயர்",
    ur: "والدین یا سرپرست کا نام",
    ar: "اسم ولي الأمر",
    ml: "രക്ഷിതാവിന്റെ പേര്",
  },
  guardianMobile: {
    en: "Parent or guardian's mobile number",
    ta: "பெற்றோர் அல்லது பாதுகாவலரின் கைபேசி எண்",
    ur: "والدین یا سرپرست کا موبائل نمبر",
    ar: "رقم جوال ولي الأمر",
    ml: "രക്ഷിതാവിന്റെ മൊബൈൽ നമ്പർ",
  },
  guardianEmail: {
    en: "Parent or guardian's e-mail",
    ta: "பெற்றோர் அல்லது பாதுகாவலரின் மின்னஞ்சல்",
    ur: "والدین یا سرپرست کا ای میل",
    ar: "البريد الإلكتروني لولي الأمر",
    ml: "രക്ഷിതാവിന്റെ ഇമെയിൽ",
  },
  guardianRelation: { en: "Relation to the child", ta: "குழந்தையுடனான உறவு", ur: "بچے سے رشتہ", ar: "صلة القرابة بالطفل", ml: "കുട്ടിയുമായുള്ള ബന്ധം" },
  documents: {
    en: "Documents (birth certificate, transfer certificate)",
    ta: "ஆவணங்கள் (பிறப்புச் சான்றிதழ், மாற்றுச் சான்றிதழ்)",
    ur: "کاغذات (پیدائشی سرٹیفکیٹ، اسکول چھوڑنے کا سرٹیفکیٹ)",
    ar: "الوثائق (شهادة الميلاد، شهادة النقل)",
    ml: "രേഖകൾ (ജനന സർട്ടിഫിക്കറ്റ്, ടി.സി.)",
  },
};

export const GENDER_LABELS: Record<Gender, L> = {
  male: { en: "Male", ta: "ஆண்", ur: "لڑکا", ar: "ذكر", ml: "ആൺ" },
  female: { en: "Female", ta: "பெண்", ur: "لڑکی", ar: "أنثى", ml: "പെൺ" },
};

/** The printed application's own words. */
export const PRINT: Record<string, L> = {
  title: { en: "Application for admission", ta: "சேர்க்கை விண்ணப்பம்", ur: "درخواست برائے داخلہ", ar: "طلب التحاق", ml: "പ്രവേശന അപേക്ഷ" },
  applicationNo: { en: "Application no.", ta: "விண்ணப்ப எண்", ur: "درخواست نمبر", ar: "رقم الطلب", ml: "അപേക്ഷാ നമ്പർ" },
  appliedOn: { en: "Applied on", ta: "விண்ணப்பித்த தேதி", ur: "تاریخِ درخواست", ar: "تاريخ التقديم", ml: "അപേക്ഷിച്ച തീയതി" },
  status: { en: "Status", ta: "நிலை", ur: "کیفیت", ar: "الحالة", ml: "നില" },
  pending: { en: "Pending", ta: "நிலுவையில்", ur: "زیرِ غور", ar: "قيد المراجعة", ml: "പരിഗണനയിൽ" },
  approved: { en: "Approved", ta: "அங்கீகரிக்கப்பட்டது", ur: "منظور", ar: "مقبول", ml: "അംഗീകരിച്ചു" },
  rejected: { en: "Not accepted", ta: "ஏற்கப்படவில்லை", ur: "نامنظور", ar: "غير مقبول", ml: "സ്വീകരിച്ചില്ല" },
  enrolled: { en: "Enrolled", ta: "சேர்க்கப்பட்டது", ur: "داخل", ar: "مسجّل", ml: "പ്രവേശനം നേടി" },
  applicant: { en: "The child", ta: "குழந்தை", ur: "بچہ", ar: "الطفل", ml: "കുട്ടി" },
  guardian: { en: "Parent or guardian", ta: "பெற்றோர் அல்லது பாதுகாவலர்", ur: "والدین یا سرپرست", ar: "ولي الأمر", ml: "രക്ഷിതാവ്" },
  more: { en: "Other details", ta: "பிற விவரங்கள்", ur: "دیگر تفصیلات", ar: "تفاصيل أخرى", ml: "മറ്റ് വിവരങ്ങൾ" },
  consent: { en: "Consent", ta: "ஒப்புதல்", ur: "رضامندی", ar: "الموافقة", ml: "സമ്മതം" },
  consentGiven: {
    en: "Agreed on {date}",
    ta: "{date} அன்று ஒப்புக்கொள்ளப்பட்டது",
    ur: "{date} کو رضامندی دی گئی",
    ar: "تمت الموافقة بتاريخ {date}",
    ml: "{date}-ന് സമ്മതിച്ചു",
  },
  consentNone: {
    en: "Not recorded (entered by the school)",
    ta: "பதிவு செய்யப்படவில்லை (பள்ளியால் உள்ளிடப்பட்டது)",
    ur: "درج نہیں (اسکول نے اندراج کیا)",
    ar: "غير مسجّلة (أدخلتها المدرسة)",
    ml: "രേഖപ്പെടുത്തിയിട്ടില്ല (സ്ഥാപനം ചേർത്തത്)",
  },
  reason: { en: "Reason", ta: "காரணம்", ur: "وجہ", ar: "السبب", ml: "കാരണം" },
  signature: {
    en: "Signature of parent or guardian",
    ta: "பெற்றோர் அல்லது பாதுகாவலரின் கையொப்பம்",
    ur: "والدین یا سرپرست کے دستخط",
    ar: "توقيع ولي الأمر",
    ml: "രക്ഷിതാവിന്റെ ഒപ്പ്",
  },
  date: { en: "Date", ta: "தேதி", ur: "تاریخ", ar: "التاريخ", ml: "തീയതി" },
  office: { en: "For office use", ta: "அலுவலக பயன்பாட்டிற்கு", ur: "برائے دفتری استعمال", ar: "للاستخدام الرسمي", ml: "ഓഫീസ് ഉപയോഗത്തിന്" },
  printed: { en: "Printed on {date}", ta: "{date} அன்று அச்சிடப்பட்டது", ur: "{date} کو طبع ہوا", ar: "طُبع بتاريخ {date}", ml: "{date}-ന് അച്ചടിച്ചത്" },
};
