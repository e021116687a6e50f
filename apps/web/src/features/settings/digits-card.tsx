import { SegmentedControl, SimpleGrid, Stack, Text } from "@mantine/core";
import { DIGITS_LANGUAGES, DIGITS_SETTING, type DigitChoice, type DigitsLanguage, isDigitsSetting, NATIVE_DIGITS } from "@taleem/contract";
import { useTranslation } from "react-i18next";
import { LANGUAGE_NAMES } from "../../lib/i18n";
import { TitledCard } from "../../ui/titled-card";

/** The school's digits per language as the screen edits them: Latin unless chosen. */
export type DigitsValues = Record<DigitsLanguage, DigitChoice>;

export function digitsOf(config: Record<string, unknown>): DigitsValues {
  const own = config[DIGITS_SETTING];
  const chosen = isDigitsSetting(own) ? own : {};
  return Object.fromEntries(DIGITS_LANGUAGES.map((l) => [l, chosen[l] ?? "latin"])) as DigitsValues;
}

/** The config change, when there is one: only the languages written in their own digits are kept. */
export function changedDigits(v: DigitsValues, before: DigitsValues): Record<string, unknown> {
  if (DIGITS_LANGUAGES.every((l) => v[l] === before[l])) return {};
  const native = Object.fromEntries(DIGITS_LANGUAGES.filter((l) => v[l] === "native").map((l) => [l, "native"]));
  return { [DIGITS_SETTING]: Object.keys(native).length ? native : null };
}

/** 0 to 9 in a numbering system: what the reader will see. */
const sample = (system: string) => new Intl.NumberFormat("en", { numberingSystem: system, useGrouping: false }).format(1234567890);

/** Which digits each language's dates, counts and amounts are written in, on screens and on paper. */
export function DigitsCard(props: { values: DigitsValues; onChange: (next: DigitsValues) => void; editable: boolean }) {
  const { t } = useTranslation("settings");
  return (
    <TitledCard title={t("digits.title")} text={t("digits.text")}>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
        {DIGITS_LANGUAGES.map((l) => (
          <Stack key={l} gap={4} role="group" aria-labelledby={`digits-${l}`}>
            <Text size="sm" fw={500} id={`digits-${l}`} lang={l}>
              {LANGUAGE_NAMES[l]}
            </Text>
            <SegmentedControl
              fullWidth
              value={props.values[l]}
              onChange={(c) => props.onChange({ ...props.values, [l]: c as DigitChoice })}
              disabled={!props.editable}
              data={[
                { value: "latin", label: <bdi dir="ltr">{sample("latn")}</bdi> },
                { value: "native", label: <bdi dir="ltr">{sample(NATIVE_DIGITS[l])}</bdi> },
              ]}
              aria-label={t("digits.of", { language: LANGUAGE_NAMES[l] })}
            />
          </Stack>
        ))}
      </SimpleGrid>
    </TitledCard>
  );
}
