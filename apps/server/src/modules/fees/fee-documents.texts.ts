import type { FeeHead, Language, PaymentMode } from "@taleem/contract";
import { escapeHtml } from "../../platform/files/html.js";

type L = Record<Language, string>;

/** What the printed receipts say, in the five languages. */
export const RECEIPT_TEXTS = {
  feeReceipt: { en: "Fee receipt", ta: "கட்டண ரசீது", ur: "فیس کی رسید", ar: "إيصال رسوم", ml: "ഫീസ് രസീത്" },
  refundReceipt: { en: "Refund receipt", ta: "திருப்பிச் செலுத்திய ரசீது", ur: "رقم واپسی کی رسید", ar: "إيصال استرداد", ml: "റീഫണ്ട് രസീത്" },
  dueReceipt: {
    en: "Fee receipt: payments against one due",
    ta: "கட்டண ரசீது: ஒரு கட்டணத்திற்கான செலுத்துதல்கள்",
    ur: "فیس کی رسید: ایک واجب الادا فیس کی ادائیگیاں",
    ar: "إيصال رسوم: المدفوعات عن مستحق واحد",
    ml: "ഫീസ് രസീത്: ഒരു ഫീസിനെതിരായ അടവുകൾ",
  },
  receiptNo: { en: "Receipt no.", ta: "ரசீது எண்", ur: "رسید نمبر", ar: "رقم الإيصال", ml: "രസീത് നമ്പർ" },
  date: { en: "Date", ta: "தேதி", ur: "تاریخ", ar: "التاريخ", ml: "തീയതി" },
  name: { en: "Student", ta: "மாணவர்", ur: "طالب علم", ar: "الطالب", ml: "വിദ്യാർത്ഥി" },
  admissionNo: { en: "Admission no.", ta: "சேர்க்கை எண்", ur: "داخلہ نمبر", ar: "رقم القيد", ml: "അഡ്മിഷൻ നമ്പർ" },
  class: { en: "Class", ta: "வகுப்பு", ur: "جماعت", ar: "الصف", ml: "ക്ലാസ്" },
  mode: { en: "Paid by", ta: "செலுத்திய முறை", ur: "طریقۂ ادائیگی", ar: "طريقة الدفع", ml: "അടച്ച രീതി" },
  reference: { en: "Reference", ta: "குறிப்பு எண்", ur: "حوالہ", ar: "المرجع", ml: "റഫറൻസ്" },
  head: { en: "Fee head", ta: "கட்டண வகை", ur: "مد", ar: "بند الرسوم", ml: "ഫീസ് ഇനം" },
  description: { en: "Description", ta: "விவரம்", ur: "تفصیل", ar: "البيان", ml: "വിവരണം" },
  dueDate: { en: "Due date", ta: "செலுத்த வேண்டிய நாள்", ur: "آخری تاریخ", ar: "تاريخ الاستحقاق", ml: "അടയ്‌ക്കേണ്ട തീയതി" },
  amount: { en: "Amount", ta: "தொகை", ur: "رقم", ar: "المبلغ", ml: "തുക" },
  tuitionSubtotal: {
    en: "Tuition fees (subtotal)",
    ta: "கல்விக் கட்டணம் (கூட்டுத்தொகை)",
    ur: "ٹیوشن فیس (ذیلی میزان)",
    ar: "الرسوم الدراسية (المجموع الفرعي)",
    ml: "ട്യൂഷൻ ഫീസ് (ഉപതുക)",
  },
  otherSubtotal: {
    en: "Other fees (subtotal)",
    ta: "பிற கட்டணங்கள் (கூட்டுத்தொகை)",
    ur: "دیگر فیسیں (ذیلی میزان)",
    ar: "رسوم أخرى (المجموع الفرعي)",
    ml: "മറ്റു ഫീസുകൾ (ഉപതുക)",
  },
  fine: { en: "Late fine", ta: "தாமதக் கட்டணம்", ur: "لیٹ فیس جرمانہ", ar: "غرامة التأخير", ml: "പിഴ" },
  advance: {
    en: "Advance (kept for later dues)",
    ta: "முன்பணம் (பின்வரும் கட்டணங்களுக்கு)",
    ur: "پیشگی رقم (آئندہ فیسوں کے لیے)",
    ar: "دفعة مقدمة (للمستحقات القادمة)",
    ml: "മുൻകൂർ തുക (വരാനിരിക്കുന്ന ഫീസുകൾക്ക്)",
  },
  refundLine: { en: "Refund of advance", ta: "முன்பணம் திருப்பிச் செலுத்தல்", ur: "پیشگی رقم کی واپسی", ar: "استرداد الدفعة المقدمة", ml: "മുൻകൂർ തുക തിരികെ നൽകൽ" },
  total: { en: "Total", ta: "மொத்தம்", ur: "میزان", ar: "المجموع", ml: "ആകെ" },
  totalRefunded: { en: "Total refunded", ta: "திருப்பிச் செலுத்திய மொத்தம்", ur: "کل واپس شدہ رقم", ar: "إجمالي المبلغ المسترد", ml: "ആകെ തിരികെ നൽകിയത്" },
  inWords: { en: "Amount in words", ta: "தொகை எழுத்தில்", ur: "رقم الفاظ میں", ar: "المبلغ كتابةً", ml: "തുക അക്ഷരത്തിൽ" },
  balanceAfter: {
    en: "Balance still due after this receipt",
    ta: "இந்த ரசீதுக்குப் பின் நிலுவைத் தொகை",
    ur: "اس رسید کے بعد باقی واجب الادا رقم",
    ar: "الرصيد المستحق بعد هذا الإيصال",
    ml: "ഈ രസീതിനു ശേഷം അടയ്ക്കാനുള്ള ബാക്കി",
  },
  advanceAfter: {
    en: "Advance held after this receipt",
    ta: "இந்த ரசீதுக்குப் பின் உள்ள முன்பணம்",
    ur: "اس رسید کے بعد پیشگی رقم",
    ar: "الرصيد المقدم بعد هذا الإيصال",
    ml: "ഈ രസീതിനു ശേഷമുള്ള മുൻകൂർ തുക",
  },
  state: { en: "State", ta: "நிலை", ur: "کیفیت", ar: "الحالة", ml: "സ്ഥിതി" },
  received: {
    en: "Received, to be confirmed by the office",
    ta: "பெறப்பட்டது, அலுவலகம் உறுதிப்படுத்த வேண்டும்",
    ur: "وصول ہوئی، دفتر کی تصدیق باقی ہے",
    ar: "تم الاستلام، بانتظار تأكيد الإدارة",
    ml: "ലഭിച്ചു, ഓഫീസ് സ്ഥിരീകരിക്കാനുണ്ട്",
  },
  confirmed: { en: "Confirmed", ta: "உறுதிப்படுத்தப்பட்டது", ur: "تصدیق شدہ", ar: "مؤكد", ml: "സ്ഥിരീകരിച്ചു" },
  reversed: { en: "Reversed", ta: "திரும்பப் பெறப்பட்டது", ur: "منسوخ شدہ", ar: "مُلغاة", ml: "റദ്ദാക്കി" },
  collectedBy: { en: "Collected by", ta: "பெற்றவர்", ur: "وصول کنندہ", ar: "المستلم", ml: "സ്വീകരിച്ചത്" },
  refundedBy: { en: "Refunded by", ta: "திருப்பித் தந்தவர்", ur: "واپس کرنے والا", ar: "أعادها", ml: "തിരികെ നൽകിയത്" },
  onlineCollector: {
    en: "Online payment ({provider})",
    ta: "இணையவழிச் செலுத்தல் ({provider})",
    ur: "آن لائن ادائیگی ({provider})",
    ar: "دفع إلكتروني ({provider})",
    ml: "ഓൺലൈൻ അടവ് ({provider})",
  },
  cancelled: { en: "CANCELLED", ta: "ரத்து செய்யப்பட்டது", ur: "منسوخ", ar: "ملغى", ml: "റദ്ദാക്കി" },
  cancelledReason: { en: "Reason: {reason}", ta: "காரணம்: {reason}", ur: "وجہ: {reason}", ar: "السبب: {reason}", ml: "കാരണം: {reason}" },
  note: { en: "Note", ta: "குறிப்பு", ur: "نوٹ", ar: "ملاحظة", ml: "കുറിപ്പ്" },
  taxNote: {
    en: "Tuition fees are shown apart from other heads, as claimed for income tax.",
    ta: "வருமான வரிக் கழிவுக்காகக் கல்விக் கட்டணம் பிற கட்டணங்களிலிருந்து தனியாகக் காட்டப்பட்டுள்ளது.",
    ur: "انکم ٹیکس کے دعوے کے لیے ٹیوشن فیس دیگر مدات سے الگ دکھائی گئی ہے۔",
    ar: "تُعرض الرسوم الدراسية منفصلة عن البنود الأخرى لأغراض ضريبة الدخل.",
    ml: "ആദായനികുതി ആവശ്യങ്ങൾക്കായി ട്യൂഷൻ ഫീസ് മറ്റ് ഇനങ്ങളിൽ നിന്ന് വേറിട്ട് കാണിച്ചിരിക്കുന്നു.",
  },
  generated: {
    en: "This receipt is generated by the school's system and needs no signature.",
    ta: "இந்த ரசீது பள்ளியின் கணினி அமைப்பால் உருவாக்கப்பட்டது; கையொப்பம் தேவையில்லை.",
    ur: "یہ رسید اسکول کے نظام سے بنی ہے اور اس پر دستخط کی ضرورت نہیں۔",
    ar: "أُنشئ هذا الإيصال بنظام المدرسة ولا يحتاج إلى توقيع.",
    ml: "ഈ രസീത് സ്കൂളിന്റെ സംവിധാനം തയ്യാറാക്കിയതാണ്; ഒപ്പ് ആവശ്യമില്ല.",
  },
  chargedAmount: { en: "Amount charged", ta: "விதிக்கப்பட்ட தொகை", ur: "عائد شدہ رقم", ar: "المبلغ المفروض", ml: "ചുമത്തിയ തുക" },
  concession: { en: "Concession", ta: "சலுகை", ur: "رعایت", ar: "الخصم", ml: "ഇളവ്" },
  paid: { en: "Paid", ta: "செலுத்தியது", ur: "ادا شدہ", ar: "المدفوع", ml: "അടച്ചത്" },
  balance: { en: "Balance", ta: "நிலுவை", ur: "بقایا", ar: "الرصيد المتبقي", ml: "ബാക്കി" },
  payments: {
    en: "Payments against this due",
    ta: "இந்தக் கட்டணத்திற்கான செலுத்துதல்கள்",
    ur: "اس فیس کی ادائیگیاں",
    ar: "المدفوعات عن هذا المستحق",
    ml: "ഈ ഫീസിനെതിരായ അടവുകൾ",
  },
  noPayments: {
    en: "Nothing has been paid against this due yet.",
    ta: "இந்தக் கட்டணத்திற்கு இன்னும் எதுவும் செலுத்தப்படவில்லை.",
    ur: "اس فیس کی ابھی تک کوئی ادائیگی نہیں ہوئی۔",
    ar: "لم يُدفع شيء عن هذا المستحق بعد.",
    ml: "ഈ ഫീസിനെതിരെ ഇതുവരെ ഒന്നും അടച്ചിട്ടില്ല.",
  },
  totalPaid: { en: "Total paid", ta: "செலுத்திய மொத்தம்", ur: "کل ادا شدہ", ar: "إجمالي المدفوع", ml: "ആകെ അടച്ചത്" },
  finePart: { en: "of it fine", ta: "அதில் தாமதக் கட்டணம்", ur: "جس میں جرمانہ", ar: "منها غرامة", ml: "അതിൽ പിഴ" },
} satisfies Record<string, L>;

export const HEAD_TEXTS: Record<FeeHead, L> = {
  tuition: { en: "Tuition", ta: "கல்விக் கட்டணம்", ur: "ٹیوشن", ar: "رسوم دراسية", ml: "ട്യൂഷൻ" },
  admission: { en: "Admission", ta: "சேர்க்கைக் கட்டணம்", ur: "داخلہ", ar: "رسوم القبول", ml: "പ്രവേശനം" },
  transport: { en: "Transport", ta: "போக்குவரத்து", ur: "ٹرانسپورٹ", ar: "النقل", ml: "യാത്ര" },
  exam: { en: "Examination", ta: "தேர்வுக் கட்டணம்", ur: "امتحان", ar: "الامتحانات", ml: "പരീക്ഷ" },
  hostel: { en: "Hostel", ta: "விடுதி", ur: "ہاسٹل", ar: "السكن", ml: "ഹോസ്റ്റൽ" },
  development: { en: "Development", ta: "வளர்ச்சி நிதி", ur: "ترقیاتی فنڈ", ar: "رسوم التطوير", ml: "വികസന ഫണ്ട്" },
  donation: { en: "Donation", ta: "நன்கொடை", ur: "عطیہ", ar: "تبرع", ml: "സംഭാവന" },
  books: { en: "Books", ta: "புத்தகங்கள்", ur: "کتابیں", ar: "الكتب", ml: "പുസ്തകങ്ങൾ" },
  uniform: { en: "Uniform", ta: "சீருடை", ur: "یونیفارم", ar: "الزي المدرسي", ml: "യൂണിഫോം" },
  trip: { en: "Trip", ta: "சுற்றுலா", ur: "تفریحی دورہ", ar: "رحلة", ml: "വിനോദയാത്ര" },
  other: { en: "Other", ta: "பிற", ur: "دیگر", ar: "أخرى", ml: "മറ്റുള്ളവ" },
};

export const MODE_TEXTS: Record<PaymentMode, L> = {
  cash: { en: "Cash", ta: "ரொக்கம்", ur: "نقد", ar: "نقدًا", ml: "പണം" },
  cheque: { en: "Cheque", ta: "காசோலை", ur: "چیک", ar: "شيك", ml: "ചെക്ക്" },
  bank: { en: "Bank transfer", ta: "வங்கிப் பரிமாற்றம்", ur: "بینک ٹرانسفر", ar: "تحويل بنكي", ml: "ബാങ്ക് ട്രാൻസ്ഫർ" },
  upi: { en: "UPI", ta: "UPI", ur: "UPI", ar: "UPI", ml: "UPI" },
  card: { en: "Card", ta: "அட்டை", ur: "کارڈ", ar: "بطاقة", ml: "കാർഡ്" },
  netbanking: { en: "Net banking", ta: "இணைய வங்கி", ur: "نیٹ بینکنگ", ar: "الخدمات المصرفية عبر الإنترنت", ml: "നെറ്റ് ബാങ്കിംഗ്" },
  jazzcash: { en: "JazzCash", ta: "JazzCash", ur: "جاز کیش", ar: "JazzCash", ml: "JazzCash" },
  easypaisa: { en: "Easypaisa", ta: "Easypaisa", ur: "ایزی پیسہ", ar: "Easypaisa", ml: "Easypaisa" },
  challan: { en: "Bank challan", ta: "வங்கிச் சலான்", ur: "بینک چالان", ar: "قسيمة إيداع بنكية", ml: "ബാങ്ക് ചലാൻ" },
  online: { en: "Online", ta: "இணையவழி", ur: "آن لائن", ar: "دفع إلكتروني", ml: "ഓൺലൈൻ" },
};

export type ReceiptText = keyof typeof RECEIPT_TEXTS;

const pick = (texts: L, language: string) => (texts as Record<string, string>)[language] ?? texts.en;

/** A receipt's text in `language` (English when missing), `{name}` placeholders filled, as plain text. */
export function receiptText(language: string, key: ReceiptText, params: Record<string, string | number> = {}): string {
  return pick(RECEIPT_TEXTS[key], language).replace(/\{(\w+)\}/g, (m, k: string) => (k in params ? String(params[k]) : m));
}

/** The same text as HTML: words escaped, each placeholder's value made HTML by `fill`. */
export function receiptHtml(language: string, key: ReceiptText, fill: (value: string) => string, params: Record<string, string | number> = {}): string {
  return pick(RECEIPT_TEXTS[key], language)
    .split(/(\{\w+\})/)
    .map((part) => {
      const k = /^\{(\w+)\}$/.exec(part)?.[1];
      return k && k in params ? fill(String(params[k])) : escapeHtml(part);
    })
    .join("");
}

export const headText = (language: string, head: FeeHead) => pick(HEAD_TEXTS[head] ?? HEAD_TEXTS.other, language);
export const modeText = (language: string, mode: string) =>
  pick(MODE_TEXTS[mode as PaymentMode] ?? { en: mode, ta: mode, ur: mode, ar: mode, ml: mode }, language);
