import { describe, expect, it } from "vitest";
import { amountInWords } from "./amount-in-words.js";

// Every case worked by hand: amounts are minor units (12345650 is 1,23,456.50).

describe("amount in words, English", () => {
  it.each([
    [12345650, "INR", "One lakh twenty-three thousand four hundred fifty-six rupees and fifty paise only"],
    [10000, "INR", "One hundred rupees only"],
    [100000, "INR", "One thousand rupees only"],
    [10000000, "INR", "One lakh rupees only"],
    [1112, "INR", "Eleven rupees and twelve paise only"],
    [100, "INR", "One rupee only"],
    [1, "INR", "One paisa only"],
    [0, "INR", "Zero rupees only"],
    [12345678901, "INR", "Twelve crore thirty-four lakh fifty-six thousand seven hundred eighty-nine rupees and one paisa only"],
    [10000000, "PKR", "One lakh rupees only"],
    [123456750, "AED", "One million two hundred thirty-four thousand five hundred sixty-seven dirhams and fifty fils only"],
    [10000000, "AED", "One hundred thousand dirhams only"],
    [1201, "SAR", "Twelve riyals and one halala only"],
    [1100, "USD", "Eleven dollars only"],
  ])("%i %s", (minor, currency, words) => {
    expect(amountInWords(minor, currency, "en")).toBe(words);
  });
});

describe("amount in words, Tamil (lakhs and crores)", () => {
  it.each([
    [12345650, "ஒரு லட்சத்து இருபத்து மூவாயிரத்து நானூற்று ஐம்பத்து ஆறு ரூபாய் ஐம்பது பைசா மட்டும்"],
    [10000, "நூறு ரூபாய் மட்டும்"],
    [100000, "ஆயிரம் ரூபாய் மட்டும்"],
    [10000000, "ஒரு லட்சம் ரூபாய் மட்டும்"],
    [1112, "பதினொன்று ரூபாய் பன்னிரண்டு பைசா மட்டும்"],
    [1200000, "பன்னிரண்டாயிரம் ரூபாய் மட்டும்"],
    [20000000000, "இருபது கோடி ரூபாய் மட்டும்"],
  ])("%i INR", (minor, words) => {
    expect(amountInWords(minor, "INR", "ta")).toBe(words);
  });
});

describe("amount in words, Malayalam (lakhs and crores)", () => {
  it.each([
    [12345650, "ഒരു ലക്ഷത്തി ഇരുപത്തിമൂവായിരത്തി നാനൂറ്റി അമ്പത്തിയാറ് രൂപ അമ്പത് പൈസ മാത്രം"],
    [10000, "നൂറ് രൂപ മാത്രം"],
    [100000, "ആയിരം രൂപ മാത്രം"],
    [10000000, "ഒരു ലക്ഷം രൂപ മാത്രം"],
    [1112, "പതിനൊന്ന് രൂപ പന്ത്രണ്ട് പൈസ മാത്രം"],
    [1100000, "പതിനോരായിരം രൂപ മാത്രം"],
  ])("%i INR", (minor, words) => {
    expect(amountInWords(minor, "INR", "ml")).toBe(words);
  });

  it("counts dirhams in lakhs too, as Malayalis in the Gulf do", () => {
    expect(amountInWords(25000000, "AED", "ml")).toBe("രണ്ട് ലക്ഷത്തി അമ്പതിനായിരം ദിർഹം മാത്രം");
  });
});

describe("amount in words, Urdu (lakhs and crores)", () => {
  it.each([
    [12345650, "ایک لاکھ تئیس ہزار چار سو چھپن روپے اور پچاس پیسے صرف"],
    [10000, "ایک سو روپے صرف"],
    [100000, "ایک ہزار روپے صرف"],
    [10000000, "ایک لاکھ روپے صرف"],
    [1112, "گیارہ روپے اور بارہ پیسے صرف"],
    [100, "ایک روپیہ صرف"],
    [1234567800, "ایک کروڑ تئیس لاکھ پینتالیس ہزار چھ سو اٹھہتر روپے صرف"],
  ])("%i PKR", (minor, words) => {
    expect(amountInWords(minor, "PKR", "ur")).toBe(words);
  });
});

describe("amount in words, Arabic (the counted noun agreeing with the number)", () => {
  it.each([
    [12345650, "AED", "فقط مئة وثلاثة وعشرون ألفًا وأربعمئة وستة وخمسون درهمًا وخمسون فلسًا لا غير"],
    [10000, "AED", "فقط مئة درهم لا غير"],
    [100000, "AED", "فقط ألف درهم لا غير"],
    [10000000, "AED", "فقط مئة ألف درهم لا غير"],
    [1112, "SAR", "فقط أحد عشر ريالًا واثنتا عشرة هللةً لا غير"],
    [300, "INR", "فقط ثلاث روبيات لا غير"],
    [100, "AED", "فقط درهم واحد لا غير"],
    [200, "AED", "فقط درهمان لا غير"],
    [50, "AED", "فقط خمسون فلسًا لا غير"],
    [300000, "SAR", "فقط ثلاثة آلاف ريال لا غير"],
  ])("%i %s", (minor, currency, words) => {
    expect(amountInWords(minor, currency, "ar")).toBe(words);
  });
});

describe("amount in words, input", () => {
  it("refuses a fraction or a negative amount of minor units", () => {
    expect(() => amountInWords(10.5, "INR", "en")).toThrow(RangeError);
    expect(() => amountInWords(-1, "INR", "en")).toThrow(RangeError);
  });

  it("reads an unknown currency by its code", () => {
    expect(amountInWords(250, "GBP", "en")).toBe("Two GBP and fifty cents only");
  });
});
