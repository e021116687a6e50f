import { NativeSelect, type NativeSelectProps } from "@mantine/core";
import { IconLanguage } from "@tabler/icons-react";
import { useTranslation } from "react-i18next";
import { isLanguage, LANGUAGE_NAMES, LANGUAGES, setLanguage } from "../lib/i18n";

const OPTIONS = LANGUAGES.map((l) => ({ value: l, label: LANGUAGE_NAMES[l] }));

/**
 * The language choice, for the sign-in page and the layouts' headers. A native select: every
 * phone shows its own picker, and it works by keyboard with nothing extra to load.
 */
export function LanguageSwitcher(props: Omit<NativeSelectProps, "data" | "value" | "onChange">) {
  const { t, i18n } = useTranslation();
  const value = isLanguage(i18n.resolvedLanguage) ? i18n.resolvedLanguage : "en";
  return (
    <NativeSelect
      aria-label={t("language.label")}
      title={t("language.label")}
      leftSection={<IconLanguage size={16} aria-hidden />}
      data={OPTIONS}
      value={value}
      onChange={(e) => {
        const next = e.currentTarget.value;
        if (isLanguage(next)) void setLanguage(next);
      }}
      size="xs"
      w={150}
      data-testid="language-switcher"
      {...props}
    />
  );
}
