import { Alert, Box, Group, Loader, Paper, Text, UnstyledButton } from "@mantine/core";
import { type QuranAyah, type QuranLine, type QuranWord, SURAHS } from "@taleem/contract";
import { Fragment, type ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { SCRIPT_FAMILIES } from "../../lib/language-scripts";
import { useErrorText } from "../../ui/api-error";
import { FailureState } from "../../ui/list-states";
import classes from "./mushaf-page.module.css";
import { useLayoutFont, useLayoutMetadata, useQuranPage } from "./use-quran";

const arabicDigits = new Intl.NumberFormat("ar-EG", { useGrouping: false });

/**
 * Until the layout's font has come (or when it cannot), the text is drawn in the app's Naskh,
 * which has every mark of the built-in text: never in the reader's own font (Nastaliq lacks the
 * Quran's small high letters, and would draw boxes).
 */
const FALLBACK_FONT = `"${SCRIPT_FAMILIES.arabic}", serif`;

export interface MushafPageProps {
  layoutName: string;
  pageNumber: number;
  /** A colour for an ayah (a heat map), by its global number. */
  ayahColour?: (number: number) => string | undefined;
  /** One tap on an ayah (to pin a mistake, say). */
  onAyahTap?: (ayah: QuranAyah) => void;
}

const BASMALAH = "بِسْمِ ٱللَّهِ ٱلرَّحْمَٰنِ ٱلرَّحِيمِ";

const Marker = ({ ayah }: { ayah: number }) => (
  <span className={classes.marker} aria-hidden>
    ﴿{arabicDigits.format(ayah)}﴾
  </span>
);

/** Words of one ayah (or all of it), a button when the page can be tapped, coloured by its heat. */
function AyahSpan({ ayah, colour, onTap, children }: { ayah: QuranAyah; colour?: string; onTap?: (a: QuranAyah) => void; children: ReactNode }) {
  const { t } = useTranslation("quran");
  return (
    <UnstyledButton
      component={onTap ? "button" : "span"}
      className={classes.ayah}
      data-ayah={ayah.number}
      style={{ backgroundColor: colour }}
      onClick={onTap ? () => onTap(ayah) : undefined}
      aria-label={onTap ? t("page.ayahLabel", { surah: ayah.surah, ayah: ayah.ayah }) : undefined}
    >
      {children}
    </UnstyledButton>
  );
}

/** A line-by-line layout's page, each line as printed: a surah's name, the basmalah, or words of ayahs. */
function PageLines({
  lines,
  ayahs,
  ayahColour,
  onAyahTap,
}: {
  lines: QuranLine[];
  ayahs: QuranAyah[];
  ayahColour?: (n: number) => string | undefined;
  onAyahTap?: (a: QuranAyah) => void;
}) {
  const byNumber = new Map(ayahs.map((a) => [a.number, a]));
  return lines.map((l) => {
    if (l.type === "surah_name")
      return (
        <h3 key={l.line} className={classes.surahTitle}>
          {SURAHS[l.surah! - 1]!.nameArabic}
        </h3>
      );
    if (l.type === "basmallah")
      return (
        <div key={l.line} className={classes.basmalah}>
          {BASMALAH}
        </div>
      );
    // Each ayah's words on the line together, so a tap or a colour takes the ayah's part of the line.
    const runs: { ayah: QuranAyah; words: QuranWord[] }[] = [];
    for (const w of l.words) {
      const last = runs.at(-1);
      if (last?.ayah.number === w.ayah) last.words.push(w);
      else runs.push({ ayah: byNumber.get(w.ayah)!, words: [w] });
    }
    return (
      <div key={l.line} className={classes.line} data-line={l.line}>
        {runs.map((r) => (
          <Fragment key={`${r.ayah.number}-${r.words[0]!.word}`}>
            <AyahSpan ayah={r.ayah} colour={ayahColour?.(r.ayah.number)} onTap={onAyahTap}>
              {r.words.map((w) => w.text).join(" ")}
            </AyahSpan>
            {r.words.at(-1)!.end && <Marker ayah={r.ayah.ayah} />}
          </Fragment>
        ))}
      </div>
    );
  });
}

/**
 * One page of a mushaf as its layout holds it: the text always right to left, each ayah closed by
 * its number in Arabic-Indic digits, each ayah a button when it can be tapped. The layout's
 * metadata, the page and the font load and fail each on their own (spec 000 §4): a font that does
 * not come leaves the text in the app's Naskh.
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
        style={{ fontFamily: font.data ? `"${layout.fontFamily}", ${FALLBACK_FONT}` : FALLBACK_FONT }}
        data-testid="mushaf-text"
      >
        {page.data.lines ? (
          <PageLines lines={page.data.lines} ayahs={ayahs} ayahColour={ayahColour} onAyahTap={onAyahTap} />
        ) : (
          ayahs.map((a) => (
            <Fragment key={a.number}>
              {a.ayah === 1 && <h3 className={classes.surahTitle}>{SURAHS[a.surah - 1]!.nameArabic}</h3>}
              <AyahSpan ayah={a} colour={ayahColour?.(a.number)} onTap={onAyahTap}>
                {a.text}
              </AyahSpan>{" "}
              <Marker ayah={a.ayah} />{" "}
            </Fragment>
          ))
        )}
      </Box>
      <Text ta="center" size="sm" c="dimmed" mt="xs">
        {arabicDigits.format(pageNumber)}
      </Text>
    </Paper>
  );
}
