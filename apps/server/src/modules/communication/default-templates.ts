import { LANGUAGES, type Language, type TemplateChannel, type TemplatePurpose } from "@taleem/contract";

/**
 * The standard admission letters every school starts with, in the five languages. Schools edit
 * them; they come back only if missing (a new school, a wipe). WhatsApp bodies mirror templates
 * the school registers with Meta under `providerTemplate`, whose numbered parameters are the
 * body's placeholders in order.
 */
interface Letter {
  subject: string;
  email: string;
  sms: string;
  whatsapp: string;
}
type Texts = Record<Language, Letter>;

const APPROVAL: Texts = {
  en: {
    subject: "Admission approved: {{studentName}} ({{applicationNo}})",
    email:
      "Dear {{guardianName}},\n\nWe are pleased to tell you that the application of {{studentName}} ({{applicationNo}}) to {{schoolName}} has been approved.\n\nThe school will contact you about enrolment and the documents to bring. For questions, please contact the school: {{schoolPhone}}\n\nWith best wishes,\n{{schoolName}}",
    sms: "{{schoolName}}: The admission application {{applicationNo}} of {{studentName}} is approved. The school will contact you about enrolment.",
    whatsapp:
      "Dear {{guardianName}}, the admission application {{applicationNo}} of {{studentName}} at {{schoolName}} is approved. The school will contact you about enrolment.",
  },
  ta: {
    subject: "சேர்க்கை அங்கீகரிக்கப்பட்டது: {{studentName}} ({{applicationNo}})",
    email:
      "அன்புள்ள {{guardianName}},\n\n{{schoolName}} பள்ளியில் {{studentName}} அவர்களின் சேர்க்கை விண்ணப்பம் ({{applicationNo}}) அங்கீகரிக்கப்பட்டுள்ளது என்பதை மகிழ்ச்சியுடன் தெரிவித்துக் கொள்கிறோம்.\n\nசேர்க்கை மற்றும் கொண்டு வர வேண்டிய ஆவணங்கள் குறித்து பள்ளி உங்களைத் தொடர்பு கொள்ளும். கேள்விகளுக்கு பள்ளியைத் தொடர்பு கொள்ளவும்: {{schoolPhone}}\n\nநல்வாழ்த்துகளுடன்,\n{{schoolName}}",
    sms: "{{schoolName}}: {{studentName}} அவர்களின் சேர்க்கை விண்ணப்பம் {{applicationNo}} அங்கீகரிக்கப்பட்டது. சேர்க்கை குறித்து பள்ளி உங்களைத் தொடர்பு கொள்ளும்.",
    whatsapp:
      "அன்புள்ள {{guardianName}}, {{schoolName}} பள்ளியில் {{studentName}} அவர்களின் சேர்க்கை விண்ணப்பம் {{applicationNo}} அங்கீகரிக்கப்பட்டது. சேர்க்கை குறித்து பள்ளி உங்களைத் தொடர்பு கொள்ளும்.",
  },
  ur: {
    subject: "داخلہ منظور: {{studentName}} ({{applicationNo}})",
    email:
      "محترم {{guardianName}}،\n\nہمیں آپ کو یہ بتاتے ہوئے خوشی ہے کہ {{schoolName}} میں {{studentName}} کی داخلے کی درخواست ({{applicationNo}}) منظور ہو گئی ہے۔\n\nاسکول داخلے اور ساتھ لانے والے کاغذات کے بارے میں آپ سے رابطہ کرے گا۔ کسی سوال کے لیے براہِ کرم اسکول سے رابطہ کریں: {{schoolPhone}}\n\nنیک تمناؤں کے ساتھ،\n{{schoolName}}",
    sms: "{{schoolName}}: {{studentName}} کی داخلے کی درخواست {{applicationNo}} منظور ہو گئی ہے۔ اسکول داخلے کے بارے میں آپ سے رابطہ کرے گا۔",
    whatsapp:
      "محترم {{guardianName}}، {{schoolName}} میں {{studentName}} کی داخلے کی درخواست {{applicationNo}} منظور ہو گئی ہے۔ اسکول داخلے کے بارے میں آپ سے رابطہ کرے گا۔",
  },
  ar: {
    subject: "تمت الموافقة على القبول: {{studentName}} ({{applicationNo}})",
    email:
      "حضرة ولي الأمر {{guardianName}} المحترم،\n\nيسعدنا إبلاغكم بأنه تمت الموافقة على طلب التحاق {{studentName}} ({{applicationNo}}) في {{schoolName}}.\n\nستتواصل معكم المدرسة بشأن التسجيل والوثائق المطلوب إحضارها. للاستفسار يُرجى التواصل مع المدرسة: {{schoolPhone}}\n\nمع أطيب التمنيات،\n{{schoolName}}",
    sms: "{{schoolName}}: تمت الموافقة على طلب التحاق {{studentName}} رقم {{applicationNo}}. ستتواصل معكم المدرسة بشأن التسجيل.",
    whatsapp:
      "حضرة ولي الأمر {{guardianName}}، تمت الموافقة على طلب التحاق {{studentName}} رقم {{applicationNo}} في {{schoolName}}. ستتواصل معكم المدرسة بشأن التسجيل.",
  },
  ml: {
    subject: "പ്രവേശനം അംഗീകരിച്ചു: {{studentName}} ({{applicationNo}})",
    email:
      "പ്രിയ {{guardianName}},\n\n{{schoolName}} സ്ഥാപനത്തിലേക്കുള്ള {{studentName}}-ന്റെ പ്രവേശന അപേക്ഷ ({{applicationNo}}) അംഗീകരിച്ചതായി സന്തോഷപൂർവം അറിയിക്കുന്നു.\n\nപ്രവേശന നടപടികളെക്കുറിച്ചും കൊണ്ടുവരേണ്ട രേഖകളെക്കുറിച്ചും സ്ഥാപനം നിങ്ങളെ ബന്ധപ്പെടും. സംശയങ്ങൾക്ക് സ്ഥാപനവുമായി ബന്ധപ്പെടുക: {{schoolPhone}}\n\nആശംസകളോടെ,\n{{schoolName}}",
    sms: "{{schoolName}}: {{studentName}}-ന്റെ പ്രവേശന അപേക്ഷ {{applicationNo}} അംഗീകരിച്ചു. പ്രവേശന നടപടികൾക്കായി സ്ഥാപനം നിങ്ങളെ ബന്ധപ്പെടും.",
    whatsapp:
      "പ്രിയ {{guardianName}}, {{schoolName}} സ്ഥാപനത്തിലേക്കുള്ള {{studentName}}-ന്റെ പ്രവേശന അപേക്ഷ {{applicationNo}} അംഗീകരിച്ചു. പ്രവേശന നടപടികൾക്കായി സ്ഥാപനം നിങ്ങളെ ബന്ധപ്പെടും.",
  },
};

const REJECTION: Texts = {
  en: {
    subject: "Your admission application {{applicationNo}}",
    email:
      "Dear {{guardianName}},\n\nThank you for applying to {{schoolName}} for {{studentName}} ({{applicationNo}}). We are sorry to tell you that we cannot offer admission at this time.\n\n{{reason}}\n\nFor questions, please contact the school: {{schoolPhone}}\n\n{{schoolName}}",
    sms: "{{schoolName}}: We are sorry, the admission application {{applicationNo}} of {{studentName}} could not be accepted. Please contact the school for details.",
    whatsapp:
      "Dear {{guardianName}}, we are sorry: the admission application {{applicationNo}} of {{studentName}} at {{schoolName}} could not be accepted this time. Please contact the school for details.",
  },
  ta: {
    subject: "உங்கள் சேர்க்கை விண்ணப்பம் {{applicationNo}}",
    email:
      "அன்புள்ள {{guardianName}},\n\n{{studentName}} அவர்களுக்காக {{schoolName}} பள்ளியில் விண்ணப்பித்ததற்கு நன்றி ({{applicationNo}}). இந்த முறை சேர்க்கை வழங்க இயலவில்லை என்பதை வருத்தத்துடன் தெரிவித்துக் கொள்கிறோம்.\n\n{{reason}}\n\nகேள்விகளுக்கு பள்ளியைத் தொடர்பு கொள்ளவும்: {{schoolPhone}}\n\n{{schoolName}}",
    sms: "{{schoolName}}: வருந்துகிறோம், {{studentName}} அவர்களின் சேர்க்கை விண்ணப்பம் {{applicationNo}} ஏற்கப்படவில்லை. விவரங்களுக்கு பள்ளியைத் தொடர்பு கொள்ளவும்.",
    whatsapp:
      "அன்புள்ள {{guardianName}}, வருந்துகிறோம்: {{schoolName}} பள்ளியில் {{studentName}} அவர்களின் சேர்க்கை விண்ணப்பம் {{applicationNo}} இந்த முறை ஏற்கப்படவில்லை. விவரங்களுக்கு பள்ளியைத் தொடர்பு கொள்ளவும்.",
  },
  ur: {
    subject: "آپ کی داخلے کی درخواست {{applicationNo}}",
    email:
      "محترم {{guardianName}}،\n\n{{studentName}} کے لیے {{schoolName}} میں درخواست دینے کا شکریہ ({{applicationNo}})۔ ہمیں افسوس ہے کہ اس وقت ہم داخلہ نہیں دے سکتے۔\n\n{{reason}}\n\nکسی سوال کے لیے براہِ کرم اسکول سے رابطہ کریں: {{schoolPhone}}\n\n{{schoolName}}",
    sms: "{{schoolName}}: افسوس ہے کہ {{studentName}} کی داخلے کی درخواست {{applicationNo}} قبول نہیں ہو سکی۔ تفصیل کے لیے اسکول سے رابطہ کریں۔",
    whatsapp:
      "محترم {{guardianName}}، افسوس ہے کہ {{schoolName}} میں {{studentName}} کی داخلے کی درخواست {{applicationNo}} اس بار قبول نہیں ہو سکی۔ تفصیل کے لیے اسکول سے رابطہ کریں۔",
  },
  ar: {
    subject: "طلب الالتحاق رقم {{applicationNo}}",
    email:
      "حضرة ولي الأمر {{guardianName}} المحترم،\n\nنشكركم على تقديم طلب التحاق {{studentName}} ({{applicationNo}}) إلى {{schoolName}}. يؤسفنا إبلاغكم بأنه لا يمكننا قبول الطلب في الوقت الحالي.\n\n{{reason}}\n\nللاستفسار يُرجى التواصل مع المدرسة: {{schoolPhone}}\n\n{{schoolName}}",
    sms: "{{schoolName}}: نأسف، لم يتم قبول طلب التحاق {{studentName}} رقم {{applicationNo}}. يُرجى التواصل مع المدرسة للتفاصيل.",
    whatsapp:
      "حضرة ولي الأمر {{guardianName}}، نأسف لإبلاغكم بأنه لم يتم قبول طلب التحاق {{studentName}} رقم {{applicationNo}} في {{schoolName}} هذه المرة. يُرجى التواصل مع المدرسة للتفاصيل.",
  },
  ml: {
    subject: "നിങ്ങളുടെ പ്രവേശന അപേക്ഷ {{applicationNo}}",
    email:
      "പ്രിയ {{guardianName}},\n\n{{studentName}}-നു വേണ്ടി {{schoolName}} സ്ഥാപനത്തിൽ അപേക്ഷിച്ചതിന് നന്ദി ({{applicationNo}}). ഇത്തവണ പ്രവേശനം നൽകാൻ കഴിയില്ലെന്ന് ഖേദപൂർവം അറിയിക്കുന്നു.\n\n{{reason}}\n\nസംശയങ്ങൾക്ക് സ്ഥാപനവുമായി ബന്ധപ്പെടുക: {{schoolPhone}}\n\n{{schoolName}}",
    sms: "{{schoolName}}: ഖേദിക്കുന്നു, {{studentName}}-ന്റെ പ്രവേശന അപേക്ഷ {{applicationNo}} സ്വീകരിക്കാനായില്ല. വിശദാംശങ്ങൾക്ക് സ്ഥാപനവുമായി ബന്ധപ്പെടുക.",
    whatsapp:
      "പ്രിയ {{guardianName}}, ഖേദിക്കുന്നു: {{schoolName}} സ്ഥാപനത്തിലേക്കുള്ള {{studentName}}-ന്റെ പ്രവേശന അപേക്ഷ {{applicationNo}} ഇത്തവണ സ്വീകരിക്കാനായില്ല. വിശദാംശങ്ങൾക്ക് സ്ഥാപനവുമായി ബന്ധപ്പെടുക.",
  },
};

export interface DefaultTemplate {
  builtinKey: string;
  name: string;
  purpose: TemplatePurpose;
  channel: Exclude<TemplateChannel, "pdf">;
  language: Language;
  subject: string | null;
  body: string;
  providerTemplate: string | null;
}

const PURPOSES = [
  { purpose: "admission.approval", title: "Admission approval", texts: APPROVAL, whatsapp: "admission_approved" },
  { purpose: "admission.rejection", title: "Admission rejection", texts: REJECTION, whatsapp: "admission_rejected" },
] as const;
const CHANNELS = ["email", "sms", "whatsapp"] as const;

export const DEFAULT_TEMPLATES: readonly DefaultTemplate[] = PURPOSES.flatMap((p) =>
  CHANNELS.flatMap((channel) =>
    LANGUAGES.map((language) => {
      const t = p.texts[language];
      return {
        builtinKey: `${p.purpose}:${channel}:${language}`,
        name: `${p.title} (${channel}, ${language})`,
        purpose: p.purpose,
        channel,
        language,
        subject: channel === "email" ? t.subject : null,
        body: t[channel],
        providerTemplate: channel === "whatsapp" ? p.whatsapp : null,
      };
    }),
  ),
);

/** The standard template for a purpose, channel and language. */
export const defaultTemplate = (purpose: TemplatePurpose, channel: TemplateChannel, language: string) =>
  DEFAULT_TEMPLATES.find((t) => t.purpose === purpose && t.channel === channel && t.language === language);
