import { renderHook } from "@testing-library/react";
import i18next from "i18next";
import type { ReactNode } from "react";
import { I18nextProvider, initReactI18next } from "react-i18next";
import { describe, expect, it } from "vitest";
import en from "../../public/locales/en/standard.json";
import ml from "../../public/locales/ml/standard.json";
import ur from "../../public/locales/ur/standard.json";
import { type ReferenceRow, type StandardGroup, useReferenceName } from "./reference-name";

/** The name a reader of `lng` is shown for `row` of `group`, through the app's own hook. */
async function named(lng: string, group: StandardGroup, row: ReferenceRow) {
  const i18n = i18next.createInstance();
  await i18n.use(initReactI18next).init({
    lng,
    fallbackLng: "en",
    resources: { en: { standard: en }, ur: { standard: ur }, ml: { standard: ml } },
    react: { useSuspense: false },
  });
  const wrapper = ({ children }: { children: ReactNode }) => <I18nextProvider i18n={i18n}>{children}</I18nextProvider>;
  return renderHook(() => useReferenceName(group), { wrapper }).result.current(row);
}

const fajr = { name: "Fajr", nameNative: "الفجر", builtinKey: "fajr" };

describe("a reference row's name", () => {
  it("is a standard row's name in the reader's language", async () => {
    expect(await named("ur", "prayers", fajr)).toBe("فجر");
    expect(await named("ml", "prayers", fajr)).toBe("സുബ്ഹ്");
    expect(await named("en", "prayers", fajr)).toBe("Fajr");
    expect(await named("ml", "taskTypes", { name: "Homework", builtinKey: "homework" })).toBe("ഗൃഹപാഠം");
  });

  it("is the school's own once it renamed a standard row, and for its own rows: the native one for Arabic and Urdu readers", async () => {
    const renamed = { ...fajr, name: "Subh" };
    expect(await named("ml", "prayers", renamed)).toBe("Subh");
    expect(await named("ur", "prayers", renamed)).toBe("الفجر");
    const own = { name: "Tahajjud", nameNative: "التهجد", builtinKey: null };
    expect(await named("ur", "prayers", own)).toBe("التهجد");
    expect(await named("ml", "prayers", own)).toBe("Tahajjud");
  });
});
