import { Alert, Box, Group, Loader, Paper, Text, UnstyledButton } from "@mantine/core";
import { type QuranAyah, SURAHS } from "@taleem/contract";
import { Fragment } from "react";
import { useTranslation } from "react-i18next";
import { useErrorText } from "../../ui/api-error";
import { FailureState } from "../../ui/list-states";
import classes from "./mushaf-page.module.css";
import { useLayoutFont, useLayoutMetadata, useQuranPage } from "./use-quran";

const arabicDigits = new Intl.NumberFormat("ar-EG", { useGrouping: false });

export interface MushafPageProps {
  layoutName: string;
  pageNumber: number;
  /** A colour for an ayah (a heat map), by its global number. */
  ayahColour?: (number: number) => string | undefined;
  /** One tap on an ayah (to pin a mistake, say). */
  onAyahTap?: (ayah: QuranAyah) => void;
}

/**
 * One page of a mushaf as its layout holds it: the text always right to left, each ayah closed by
 * its number in Arabic-Indic digits, each ayah a button when it can be tapped. The layout's
 * metadata, the page and the font load and fail each on their own (spec 000 §4): a font that does
 * not come leaves the text in the app's Arabic font.
 */
export function MushafPage({ layoutName, pageNumber, ayahColour, onAyahTap }: MushafPageProps) {
  const { t } = useTranslation("quran");
  const errorText = useErrorText();
  const meta = useLayoutMetadata(layoutName);
  const layout = meta.data?.layout;
  const page = useQuranPage(layoutName, pageNumber, layout?.pageCount);
  const font = useLayoutFont(layout);

  if (meta.isError) return <FailureState reason={errorText(meta.error)} onRetry={() => void meta.refetch()} />;
  if (page.isError) return <FailureState reason={errorText(page.error)} onRetry={() => void page.refetch()} />;
  if (!layout || !page.data)
    return (
      <Group justify="center" p="xl" aria-live="polite">
        <Loader size="sm" />
        <Text size="sm">{!layout ? t("loading.layout") : t("loading.page")}</Text>
      </Group>
    );
  const ayahs = page.data.ayahs;
  const surahsHere = [...new Set(ayahs.map((a) => a.surah))];
  return (
    <Paper withBorder radius="md" p={{ base: "sm", sm: "lg" }} className={classes.page}>
      <Group justify="space-between" mb="xs" gap="xs" wrap="nowrap">
        <Text size="sm" c="dimmed">
          {t("page.juz", { juz: ayahs[0]?.juz })}
        </Text>
        <Text size="sm" fw={600} lang="ar" dir="rtl">
          {surahsHere.map((s) => SURAHS[s - 1]!.nameArabic).join(" · ")}
        </Text>
      </Group>
      {font.isError && (
        <Alert color="yellow" variant="light" mb="xs">
          {t("loading.fontFailed")}
        </Alert>
      )}
      <Box
        lang="ar"
        dir="rtl"
        className={classes.text}
        style={{ fontFamily: font.data ? `"${layout.fontFamily}", var(--taleem-arabic, serif)` : undefined }}
        data-testid="mushaf-text"
      >
        {ayahs.map((a) => (
          <Fragment key={a.number}>
            {a.ayah === 1 && <h3 className={classes.surahTitle}>{SURAHS[a.surah - 1]!.nameArabic}</h3>}
            <UnstyledButton
              component={onAyahTap ? "button" : "span"}
              className={classes.ayah}
              data-ayah={a.number}
              style={{ backgroundColor: ayahColour?.(a.number) }}
              onClick={onAyahTap ? () => onAyahTap(a) : undefined}
              aria-label={onAyahTap ? t("page.ayahLabel", { surah: a.surah, ayah: a.ayah }) : undefined}
            >
              {a.text}
            </UnstyledButton>{" "}
            <span className={classes.marker} aria-hidden>
              ﴿{arabicDigits.format(a.ayah)}﴾
            </span>{" "}
          </Fragment>
        ))}
      </Box>
      <Text ta="center" size="sm" c="dimmed" mt="xs">
        {arabicDigits.format(pageNumber)}
      </Text>
    </Paper>
  );
}
