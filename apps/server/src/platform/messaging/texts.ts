/**
 * Texts the server sends to people (SMS, e-mail), in the five languages; the person's own
 * language is used, English when it is missing. `{name}` placeholders are filled by `render`.
 */
export const MESSAGE_TEXTS = {
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
  "otp.switch-profile": {
    en: "{code} is your Taleem code to switch profile at {school}. It is valid for 10 minutes. Do not share it.",
    ta: "{school} பள்ளியில் சுயவிவரத்தை மாற்றுவதற்கான உங்கள் Taleem குறியீடு {code}. இது 10 நிமிடங்கள் செல்லுபடியாகும். யாருடனும் பகிர வேண்டாம்.",
    ur: "{school} میں پروفائل تبدیل کرنے کے لیے آپ کا Taleem کوڈ {code} ہے۔ یہ 10 منٹ تک کارآمد ہے۔ کسی کو نہ بتائیں۔",
    ar: "{code} هو رمز Taleem لتبديل الملف الشخصي في {school}. صالح لمدة 10 دقائق. لا تشاركه مع أحد.",
    ml: "{school} സ്ഥാപനത്തിൽ പ്രൊഫൈൽ മാറ്റാനുള്ള നിങ്ങളുടെ Taleem കോഡ് {code} ആണ്. 10 മിനിറ്റ് സാധുവാണ്. ആരുമായും പങ്കിടരുത്.",
  },
  "otp.admission": {
    en: "{code} is your code to fill in your details on the admission form of {school}. It is valid for 10 minutes. Do not share it.",
    ta: "{school} சேர்க்கைப் படிவத்தில் உங்கள் விவரங்களை நிரப்புவதற்கான குறியீடு {code}. இது 10 நிமிடங்கள் செல்லுபடியாகும். யாருடனும் பகிர வேண்டாம்.",
    ur: "{school} کے داخلہ فارم میں اپنی تفصیلات بھرنے کے لیے آپ کا کوڈ {code} ہے۔ یہ 10 منٹ تک کارآمد ہے۔ کسی کو نہ بتائیں۔",
    ar: "{code} هو رمزك لتعبئة بياناتك في نموذج القبول لدى {school}. صالح لمدة 10 دقائق. لا تشاركه مع أحد.",
    ml: "{school} സ്ഥാപനത്തിന്റെ പ്രവേശന ഫോമിൽ നിങ്ങളുടെ വിവരങ്ങൾ പൂരിപ്പിക്കാനുള്ള കോഡ് {code} ആണ്. 10 മിനിറ്റ് സാധുവാണ്. ആരുമായും പങ്കിടരുത്.",
  },
  "email.reset-password.subject": {
    en: "Reset your Taleem password",
    ta: "உங்கள் Taleem கடவுச்சொல்லை மீட்டமைக்கவும்",
    ur: "اپنا Taleem پاس ورڈ ری سیٹ کریں",
    ar: "إعادة تعيين كلمة مرور Taleem",
    ml: "നിങ്ങളുടെ Taleem പാസ്‌വേഡ് പുനഃസജ്ജമാക്കുക",
  },
  "email.reset-password.body": {
    en: "Hello {name},\n\nWe received a request to reset your Taleem password for {school}. Open this link to choose a new password:\n\n{link}\n\nThe link works once and expires in {minutes} minutes. If you did not ask for this, ignore this e-mail; your password stays the same.",
    ta: "வணக்கம் {name},\n\n{school} பள்ளிக்கான உங்கள் Taleem கடவுச்சொல்லை மீட்டமைக்க ஒரு கோரிக்கை வந்துள்ளது. புதிய கடவுச்சொல்லைத் தேர்ந்தெடுக்க இந்த இணைப்பைத் திறக்கவும்:\n\n{link}\n\nஇந்த இணைப்பு ஒருமுறை மட்டுமே செயல்படும், {minutes} நிமிடங்களில் காலாவதியாகும். நீங்கள் இதைக் கோரவில்லை என்றால், இந்த மின்னஞ்சலைப் புறக்கணிக்கவும்; உங்கள் கடவுச்சொல் மாறாது.",
    ur: "السلام علیکم {name}،\n\nہمیں {school} کے لیے آپ کا Taleem پاس ورڈ ری سیٹ کرنے کی درخواست موصول ہوئی ہے۔ نیا پاس ورڈ منتخب کرنے کے لیے یہ لنک کھولیں:\n\n{link}\n\nیہ لنک صرف ایک بار کام کرے گا اور {minutes} منٹ میں ختم ہو جائے گا۔ اگر آپ نے یہ درخواست نہیں کی تو اس ای میل کو نظر انداز کریں؛ آپ کا پاس ورڈ نہیں بدلے گا۔",
    ar: "مرحبًا {name}،\n\nتلقّينا طلبًا لإعادة تعيين كلمة مرورك في Taleem لمدرسة {school}. افتح هذا الرابط لاختيار كلمة مرور جديدة:\n\n{link}\n\nيعمل الرابط مرة واحدة فقط وتنتهي صلاحيته بعد {minutes} دقيقة. إذا لم تطلب ذلك فتجاهل هذه الرسالة؛ ستبقى كلمة مرورك كما هي.",
    ml: "നമസ്കാരം {name},\n\n{school} സ്ഥാപനത്തിലെ നിങ്ങളുടെ Taleem പാസ്‌വേഡ് പുനഃസജ്ജമാക്കാൻ ഒരു അഭ്യർത്ഥന ലഭിച്ചു. പുതിയ പാസ്‌വേഡ് തിരഞ്ഞെടുക്കാൻ ഈ ലിങ്ക് തുറക്കുക:\n\n{link}\n\nഈ ലിങ്ക് ഒരു തവണ മാത്രമേ പ്രവർത്തിക്കൂ, {minutes} മിനിറ്റിനുള്ളിൽ കാലഹരണപ്പെടും. നിങ്ങൾ ഇത് ആവശ്യപ്പെട്ടിട്ടില്ലെങ്കിൽ ഈ ഇമെയിൽ അവഗണിക്കുക; നിങ്ങളുടെ പാസ്‌വേഡ് മാറില്ല.",
  },
  "email.verify-email.subject": {
    en: "Confirm your e-mail address for Taleem",
    ta: "Taleem-க்கான உங்கள் மின்னஞ்சல் முகவரியை உறுதிப்படுத்தவும்",
    ur: "Taleem کے لیے اپنے ای میل پتے کی تصدیق کریں",
    ar: "أكّد عنوان بريدك الإلكتروني في Taleem",
    ml: "Taleem-നായി നിങ്ങളുടെ ഇമെയിൽ വിലാസം സ്ഥിരീകരിക്കുക",
  },
  "email.verify-email.body": {
    en: "Hello {name},\n\nPlease confirm that {email} is your e-mail address for Taleem at {school} by opening this link:\n\n{link}\n\nThe link works once and expires in {hours} hours. If you did not ask for this, ignore this e-mail.",
    ta: "வணக்கம் {name},\n\n{school} பள்ளியின் Taleem கணக்கிற்கான உங்கள் மின்னஞ்சல் முகவரி {email} என்பதை இந்த இணைப்பைத் திறந்து உறுதிப்படுத்தவும்:\n\n{link}\n\nஇந்த இணைப்பு ஒருமுறை மட்டுமே செயல்படும், {hours} மணி நேரத்தில் காலாவதியாகும். நீங்கள் இதைக் கோரவில்லை என்றால், இந்த மின்னஞ்சலைப் புறக்கணிக்கவும்.",
    ur: "السلام علیکم {name}،\n\nبراہِ کرم یہ لنک کھول کر تصدیق کریں کہ {email} ہی {school} میں Taleem کے لیے آپ کا ای میل پتہ ہے:\n\n{link}\n\nیہ لنک صرف ایک بار کام کرے گا اور {hours} گھنٹوں میں ختم ہو جائے گا۔ اگر آپ نے یہ درخواست نہیں کی تو اس ای میل کو نظر انداز کریں۔",
    ar: "مرحبًا {name}،\n\nيُرجى تأكيد أن {email} هو عنوان بريدك الإلكتروني في Taleem لمدرسة {school} بفتح هذا الرابط:\n\n{link}\n\nيعمل الرابط مرة واحدة فقط وتنتهي صلاحيته بعد {hours} ساعة. إذا لم تطلب ذلك فتجاهل هذه الرسالة.",
    ml: "നമസ്കാരം {name},\n\n{school} സ്ഥാപനത്തിലെ Taleem-ൽ നിങ്ങളുടെ ഇമെയിൽ വിലാസം {email} ആണെന്ന് ഈ ലിങ്ക് തുറന്ന് സ്ഥിരീകരിക്കുക:\n\n{link}\n\nഈ ലിങ്ക് ഒരു തവണ മാത്രമേ പ്രവർത്തിക്കൂ, {hours} മണിക്കൂറിനുള്ളിൽ കാലഹരണപ്പെടും. നിങ്ങൾ ഇത് ആവശ്യപ്പെട്ടിട്ടില്ലെങ്കിൽ ഈ ഇമെയിൽ അവഗണിക്കുക.",
  },
  "email.welcome.subject": {
    en: "Welcome to Taleem",
    ta: "Taleem-க்கு வரவேற்கிறோம்",
    ur: "Taleem میں خوش آمدید",
    ar: "مرحبًا بك في Taleem",
    ml: "Taleem-ലേക്ക് സ്വാഗതം",
  },
  "email.welcome.body": {
    en: "Hello {name},\n\nWelcome to Taleem. {school} uses Taleem for attendance, lessons, memorisation progress and messages from the school.\n\nSign in here with your school code {code}:\n\n{link}\n\nIf you have any questions, please contact the school.",
    ta: "வணக்கம் {name},\n\nTaleem-க்கு வரவேற்கிறோம். வருகைப்பதிவு, பாடங்கள், குர்ஆன் மனனத்தின் முன்னேற்றம் மற்றும் பள்ளியின் செய்திகளுக்காக {school} Taleem-ஐப் பயன்படுத்துகிறது.\n\nஉங்கள் பள்ளிக் குறியீடு {code} மூலம் இங்கே உள்நுழையவும்:\n\n{link}\n\nஏதேனும் கேள்விகள் இருந்தால், பள்ளியைத் தொடர்பு கொள்ளவும்.",
    ur: "السلام علیکم {name}،\n\nTaleem میں خوش آمدید۔ {school} حاضری، اسباق، حفظ کی پیش رفت اور اسکول کے پیغامات کے لیے Taleem استعمال کرتا ہے۔\n\nاپنے اسکول کوڈ {code} کے ساتھ یہاں سائن اِن کریں:\n\n{link}\n\nکسی بھی سوال کے لیے براہِ کرم اسکول سے رابطہ کریں۔",
    ar: "مرحبًا {name}،\n\nأهلًا بك في Taleem. تستخدم {school} منصة Taleem للحضور والدروس ومتابعة الحفظ ورسائل المدرسة.\n\nسجّل الدخول من هنا برمز مدرستك {code}:\n\n{link}\n\nإن كانت لديك أي أسئلة فيُرجى التواصل مع المدرسة.",
    ml: "നമസ്കാരം {name},\n\nTaleem-ലേക്ക് സ്വാഗതം. ഹാജർ, പാഠങ്ങൾ, ഹിഫ്ള് പുരോഗതി, സ്ഥാപനത്തിൽ നിന്നുള്ള സന്ദേശങ്ങൾ എന്നിവയ്ക്കായി {school} Taleem ഉപയോഗിക്കുന്നു.\n\nനിങ്ങളുടെ സ്ഥാപന കോഡ് {code} ഉപയോഗിച്ച് ഇവിടെ ലോഗിൻ ചെയ്യുക:\n\n{link}\n\nഎന്തെങ്കിലും സംശയങ്ങളുണ്ടെങ്കിൽ സ്ഥാപനവുമായി ബന്ധപ്പെടുക.",
  },
  "signin.locked": {
    en: "Many wrong passwords were tried for your Taleem account at {school}. Password sign-in is paused for {minutes} minutes; you can still sign in with a one-time code. If this was not you, change your password.",
    ta: "{school} பள்ளியில் உள்ள உங்கள் Taleem கணக்கிற்குப் பல தவறான கடவுச்சொற்கள் முயற்சிக்கப்பட்டன. கடவுச்சொல் மூலம் உள்நுழைவது {minutes} நிமிடங்களுக்கு நிறுத்தப்பட்டுள்ளது; ஒருமுறை குறியீடு மூலம் நீங்கள் இன்னும் உள்நுழையலாம். இது நீங்கள் இல்லையென்றால், உங்கள் கடவுச்சொல்லை மாற்றவும்.",
    ur: "{school} میں آپ کے Taleem اکاؤنٹ پر کئی غلط پاس ورڈ آزمائے گئے۔ پاس ورڈ سے سائن اِن {minutes} منٹ کے لیے روک دیا گیا ہے؛ آپ اب بھی ایک بار کے کوڈ سے سائن اِن کر سکتے ہیں۔ اگر یہ آپ نہیں تھے تو اپنا پاس ورڈ بدل دیں۔",
    ar: "جُرِّبت كلمات مرور خاطئة كثيرة لحسابك في Taleem لدى {school}. أُوقف الدخول بكلمة المرور لمدة {minutes} دقيقة؛ ولا يزال بإمكانك الدخول برمز لمرة واحدة. إن لم تكن أنت فغيّر كلمة مرورك.",
    ml: "{school} സ്ഥാപനത്തിലെ നിങ്ങളുടെ Taleem അക്കൗണ്ടിൽ പല തെറ്റായ പാസ്‌വേഡുകളും പരീക്ഷിച്ചു. പാസ്‌വേഡ് ഉപയോഗിച്ചുള്ള ലോഗിൻ {minutes} മിനിറ്റ് നിർത്തിവച്ചിരിക്കുന്നു; ഒറ്റത്തവണ കോഡ് ഉപയോഗിച്ച് നിങ്ങൾക്ക് ഇപ്പോഴും ലോഗിൻ ചെയ്യാം. ഇത് നിങ്ങളല്ലെങ്കിൽ പാസ്‌വേഡ് മാറ്റുക.",
  },
  "email.signin-locked.subject": {
    en: "Password sign-in to your Taleem account is paused",
    ta: "உங்கள் Taleem கணக்கில் கடவுச்சொல் மூலம் உள்நுழைவது நிறுத்தப்பட்டுள்ளது",
    ur: "آپ کے Taleem اکاؤنٹ میں پاس ورڈ سے سائن اِن روک دیا گیا ہے",
    ar: "أُوقف الدخول بكلمة المرور إلى حسابك في Taleem",
    ml: "നിങ്ങളുടെ Taleem അക്കൗണ്ടിലെ പാസ്‌വേഡ് ലോഗിൻ നിർത്തിവച്ചു",
  },
  "email.signin-locked.body": {
    en: "Hello {name},\n\nMany wrong passwords were tried for your Taleem account at {school}, from several places. To protect it, signing in with a password is paused for {minutes} minutes.\n\nYou can still sign in with a one-time code sent to your mobile number. If these attempts were not yours, change your password once you are signed in.",
    ta: "வணக்கம் {name},\n\n{school} பள்ளியில் உள்ள உங்கள் Taleem கணக்கிற்குப் பல இடங்களிலிருந்து பல தவறான கடவுச்சொற்கள் முயற்சிக்கப்பட்டன. அதைப் பாதுகாக்க, கடவுச்சொல் மூலம் உள்நுழைவது {minutes} நிமிடங்களுக்கு நிறுத்தப்பட்டுள்ளது.\n\nஉங்கள் கைபேசி எண்ணுக்கு அனுப்பப்படும் ஒருமுறை குறியீடு மூலம் நீங்கள் இன்னும் உள்நுழையலாம். இந்த முயற்சிகள் உங்களுடையவை அல்ல என்றால், உள்நுழைந்த பின் உங்கள் கடவுச்சொல்லை மாற்றவும்.",
    ur: "السلام علیکم {name}،\n\n{school} میں آپ کے Taleem اکاؤنٹ پر کئی جگہوں سے بہت سے غلط پاس ورڈ آزمائے گئے۔ اس کی حفاظت کے لیے پاس ورڈ سے سائن اِن {minutes} منٹ کے لیے روک دیا گیا ہے۔\n\nآپ اپنے موبائل نمبر پر بھیجے گئے ایک بار کے کوڈ سے اب بھی سائن اِن کر سکتے ہیں۔ اگر یہ کوششیں آپ کی نہیں تھیں تو سائن اِن کے بعد اپنا پاس ورڈ بدل دیں۔",
    ar: "مرحبًا {name}،\n\nجُرِّبت كلمات مرور خاطئة كثيرة لحسابك في Taleem لدى {school} من أماكن عدّة. لحمايته أُوقف الدخول بكلمة المرور لمدة {minutes} دقيقة.\n\nلا يزال بإمكانك الدخول برمز لمرة واحدة يُرسل إلى رقم جوالك. إن لم تكن هذه المحاولات منك فغيّر كلمة مرورك بعد الدخول.",
    ml: "നമസ്കാരം {name},\n\n{school} സ്ഥാപനത്തിലെ നിങ്ങളുടെ Taleem അക്കൗണ്ടിൽ പല സ്ഥലങ്ങളിൽ നിന്ന് പല തെറ്റായ പാസ്‌വേഡുകളും പരീക്ഷിച്ചു. അക്കൗണ്ട് സംരക്ഷിക്കാൻ, പാസ്‌വേഡ് ഉപയോഗിച്ചുള്ള ലോഗിൻ {minutes} മിനിറ്റ് നിർത്തിവച്ചിരിക്കുന്നു.\n\nനിങ്ങളുടെ മൊബൈൽ നമ്പറിലേക്ക് അയയ്ക്കുന്ന ഒറ്റത്തവണ കോഡ് ഉപയോഗിച്ച് നിങ്ങൾക്ക് ഇപ്പോഴും ലോഗിൻ ചെയ്യാം. ഈ ശ്രമങ്ങൾ നിങ്ങളുടേതല്ലെങ്കിൽ, ലോഗിൻ ചെയ്ത ശേഷം പാസ്‌വേഡ് മാറ്റുക.",
  },
} as const satisfies Record<string, Record<"en" | "ta" | "ur" | "ar" | "ml", string>>;

export type TextKey = keyof typeof MESSAGE_TEXTS;

export function render(key: TextKey, language: string, params: Record<string, string | number>): string {
  const set = MESSAGE_TEXTS[key] as Record<string, string>;
  const template = set[language] ?? set.en!;
  return template.replace(/\{(\w+)\}/g, (_, k: string) => String(params[k] ?? ""));
}

export type EmailKind = "reset-password" | "verify-email" | "welcome";

/** An e-mail's subject and body in the person's language. */
export function renderEmail(kind: EmailKind, language: string, params: Record<string, string | number>): { subject: string; text: string } {
  return { subject: render(`email.${kind}.subject`, language, params), text: render(`email.${kind}.body`, language, params) };
}
