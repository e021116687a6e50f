import { Group, NativeSelect, NumberInput, Stack, Text } from "@mantine/core";
import { SURAHS } from "@taleem/contract";
import { useMemo } from "react";
import { useTranslation } from "react-i18next";
import { directionOf } from "../../../lib/i18n";
import { type AyahRef, clampRef } from "./halqa-draft";

/**
 * "78. An-Naba · النبأ": the number, the name readers in India know, and the Arabic name; right to
 * left, "النبأ (78)", which reads in order there.
 */
export function useSurahChoices() {
  const { i18n } = useTranslation();
  const rtl = directionOf(i18n.language) === "rtl";
  return useMemo(
    () => SURAHS.map((s) => ({ value: String(s.number), label: rtl ? `${s.nameArabic} (${s.number})` : `${s.number}. ${s.nameEnglish} · ${s.nameArabic}` })),
    [rtl],
  );
}

interface AyahInputProps {
  label: string;
  value: AyahRef;
  onChange: (r: AyahRef) => void;
  error?: string;
  /** Distinguishes the two pickers of a stream for screen readers and tests ("sabaq-from"). */
  testId: string;
}

/**
 * One end of a range: the surah (the phone's own picker: 114 choices) and the ayah, which never
 * goes past the surah's count; choosing another surah starts at its first ayah.
 */
export function AyahInput({ label, value, onChange, error, testId }: AyahInputProps) {
  const { t } = useTranslation("hifz");
  const choices = useSurahChoices();
  const count = SURAHS[value.surah - 1]?.ayahCount ?? 1;
  return (
    <Stack gap={2}>
      <Text size="sm" fw={500} id={`${testId}-label`}>
        {label}
      </Text>
      <Group gap="xs" wrap="nowrap" align="flex-start" role="group" aria-labelledby={`${testId}-label`}>
        <NativeSelect
          aria-label={`${label}: ${t("halqa.surah")}`}
          data={choices}
          value={String(value.surah)}
          onChange={(e) => onChange({ surah: Number(e.currentTarget.value), ayah: 1 })}
          style={{ flex: 1, minWidth: 0 }}
          data-testid={`${testId}-surah`}
        />
        <NumberInput
          aria-label={`${label}: ${t("halqa.ayah")}`}
          min={1}
          max={count}
          // An ayah past the surah's end is never typed: clamped after the fact, the field would keep
          // showing "9" while the range held An-Nas 6.
          clampBehavior="strict"
          allowDecimal={false}
          allowNegative={false}
          value={value.ayah}
          onChange={(v) => typeof v === "number" && onChange(clampRef({ surah: value.surah, ayah: v }))}
          w={96}
          error={!!error}
          aria-describedby={error ? `${testId}-error` : undefined}
          data-testid={`${testId}-ayah`}
        />
      </Group>
      <Text size="xs" c="dimmed">
        {t("halqa.ayahCount", { n: count })}
      </Text>
      {error && (
        <Text size="sm" c="red.8" id={`${testId}-error`} role="alert">
          {error}
        </Text>
      )}
    </Stack>
  );
}
