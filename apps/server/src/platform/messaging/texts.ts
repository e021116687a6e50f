/**
 * Texts the server sends to people (SMS, e-mail), in the five languages; the person's own
 * language is used, English when it is missing. `{name}` placeholders are filled by `render`.
 */
const TEXTS = {
  "otp.login": {
    en: "{code} is your Taleem sign-in code for {school}. It is valid for 10 minutes. Do not share it.",
    ta: "{school} பள்ளிக்கான உங்கள் Taleem உள்நுழைவு குறியீடு {code}. இது 10 நிமிடங்கள் செல்லுபடியாகும். யாருடனும் பகிர வேண்டாம்.",
    ur: "{school} کے لیے آپ کا Taleem سائن اِن کوڈ {code} ہے۔ یہ 10 منٹ تک کارآمد ہے۔ کسی کو نہ بتائیں۔",
    ar: "{code} هو رمز الدخول إلى Taleem لمدرسة {school}. صالح لمدة 10 دقائق. لا تشاركه مع أحد.",
    ml: "{school} സ്ഥാപനത്തിനുള്ള നിങ്ങളുടെ Taleem ലോഗിൻ കോഡ് {code} ആണ്. 10 മിനിറ്റ് സാധുവാണ്. ആരുമായും പങ്കിടരുത്.",
  },
  "otp.reset": {
    en: "{code} is your Taleem password reset code for {school}. It is valid for 10 minutes. Do not share it.",
    ta: "{school} பள்ளிக்கான உங்கள் Taleem கடவுச்சொல் மீட்டமைப்பு குறியீடு {code}. இது 10 நிமிடங்கள் செல்லுபடியாகும். யாருடனும் பகிர வேண்டாம்.",
    ur: "{school} کے لیے آپ کا Taleem پاس ورڈ ری سیٹ کوڈ {code} ہے۔ یہ 10 منٹ تک کارآمد ہے۔ کسی کو نہ بتائیں۔",
    ar: "{code} هو رمز إعادة تعيين كلمة المرور في Taleem لمدرسة {school}. صالح لمدة 10 دقائق. لا تشاركه مع أحد.",
    ml: "{school} സ്ഥാപനത്തിനുള്ള നിങ്ങളുടെ Taleem പാസ്‌വേഡ് പുനഃസജ്ജീകരണ കോഡ് {code} ആണ്. 10 മിനിറ്റ് സാധുവാണ്. ആരുമായും പങ്കിടരുത്.",
  },
  "otp.two-factor": {
    en: "{code} is your Taleem verification code for {school}. It is valid for 10 minutes. Do not share it.",
    ta: "{school} பள்ளிக்கான உங்கள் Taleem சரிபார்ப்பு குறியீடு {code}. இது 10 நிமிடங்கள் செல்லுபடியாகும். யாருடனும் பகிர வேண்டாம்.",
    ur: "{school} کے لیے آپ کا Taleem تصدیقی کوڈ {code} ہے۔ یہ 10 منٹ تک کارآمد ہے۔ کسی کو نہ بتائیں۔",
    ar: "{code} هو رمز التحقق في Taleem لمدرسة {school}. صالح لمدة 10 دقائق. لا تشاركه مع أحد.",
    ml: "{school} സ്ഥാപനത്തിനുള്ള നിങ്ങളുടെ Taleem സ്ഥിരീകരണ കോഡ് {code} ആണ്. 10 മിനിറ്റ് സാധുവാണ്. ആരുമായും പങ്കിടരുത്.",
  },
} as const satisfies Record<string, Record<"en" | "ta" | "ur" | "ar" | "ml", string>>;

export type TextKey = keyof typeof TEXTS;

export function render(key: TextKey, language: string, params: Record<string, string | number>): string {
  const set = TEXTS[key] as Record<string, string>;
  const template = set[language] ?? set.en!;
  return template.replace(/\{(\w+)\}/g, (_, k: string) => String(params[k] ?? ""));
}
