import { NumberInput, SimpleGrid } from "@mantine/core";
import { ADMISSION_LIMIT_SETTINGS, type AdmissionLimitSetting } from "@taleem/contract";
import { useTranslation } from "react-i18next";
import { TitledCard } from "../../ui/titled-card";

const KEYS = Object.keys(ADMISSION_LIMIT_SETTINGS) as AdmissionLimitSetting[];

/** The school's own limits as the screen edits them; empty is the default. */
export type AdmissionLimitValues = Record<AdmissionLimitSetting, number | "">;

export function admissionLimitsOf(config: Record<string, unknown>): AdmissionLimitValues {
  const own = (k: AdmissionLimitSetting) => (typeof config[k] === "number" ? (config[k] as number) : "");
  return { admissionsPerDay: own("admissionsPerDay"), admissionsPerAddressHour: own("admissionsPerAddressHour") };
}

/** The limits that changed, as config keys: an emptied one is removed, so the default holds again. */
export function changedAdmissionLimits(v: AdmissionLimitValues, before: AdmissionLimitValues): Record<string, number | null> {
  return Object.fromEntries(KEYS.filter((k) => v[k] !== before[k]).map((k) => [k, v[k] === "" ? null : v[k]]));
}

/** The limits outside their range, each with its rule. */
export function admissionLimitProblems(v: AdmissionLimitValues, rule: (range: { min: number; max: number }) => string): Record<string, string> {
  return Object.fromEntries(
    KEYS.flatMap((k) => {
      const n = v[k];
      const { min, max } = ADMISSION_LIMIT_SETTINGS[k];
      return n === "" || (Number.isInteger(n) && n >= min && n <= max) ? [] : [[k, rule({ min, max })]];
    }),
  );
}

/** How many applications the public admission form takes: in a day, and from one connection in an hour. */
export function AdmissionLimitsCard(props: {
  values: AdmissionLimitValues;
  errors: Partial<Record<string, string>>;
  onChange: (key: AdmissionLimitSetting, value: number | "") => void;
  editable: boolean;
}) {
  const { t } = useTranslation("settings");
  const input = (key: AdmissionLimitSetting, label: string, hint: string) => (
    <NumberInput
      name={key}
      label={label}
      description={hint}
      placeholder={String(ADMISSION_LIMIT_SETTINGS[key].default)}
      min={ADMISSION_LIMIT_SETTINGS[key].min}
      max={ADMISSION_LIMIT_SETTINGS[key].max}
      allowDecimal={false}
      allowNegative={false}
      value={props.values[key]}
      onChange={(v) => props.onChange(key, typeof v === "number" ? v : "")}
      error={props.errors[key]}
      disabled={!props.editable}
    />
  );
  return (
    <TitledCard title={t("admissions.title")} text={t("admissions.text")}>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
        {input("admissionsPerDay", t("admissions.perDay"), t("admissions.perDayHint", { n: ADMISSION_LIMIT_SETTINGS.admissionsPerDay.default }))}
        {input(
          "admissionsPerAddressHour",
          t("admissions.perAddressHour"),
          t("admissions.perAddressHourHint", { n: ADMISSION_LIMIT_SETTINGS.admissionsPerAddressHour.default }),
        )}
      </SimpleGrid>
    </TitledCard>
  );
}
