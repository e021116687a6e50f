import { Group, Stack, Text } from "@mantine/core";
import { SURAHS } from "@taleem/contract";
import { useTranslation } from "react-i18next";
import { formatNumber } from "../../lib/format";
import { type HeatCell, heatColour } from "./heat-map";
import classes from "./heat-map-grid.module.css";

/**
 * The heat map as a grid of surahs by ayahs: a row for each surah with mistakes, a cell for each
 * of its ayahs, coloured by heat. A cell says its ayah and its mistakes to a screen reader.
 */
export function HeatMapGrid({ cells, hottest }: { cells: Map<number, HeatCell>; hottest: number }) {
  const { t } = useTranslation("hifz");
  const surahs = SURAHS.filter((s) => [...cells.keys()].some((a) => a >= s.firstAyah && a < s.firstAyah + s.ayahCount));
  if (!surahs.length) return <Text c="dimmed">{t("progress.noMistakes")}</Text>;
  return (
    <Stack gap={6} data-testid="heat-grid">
      {surahs.map((s) => (
        <Group key={s.number} gap="xs" wrap="nowrap" align="flex-start">
          <Text size="xs" w={110} className={classes.name} title={s.nameEnglish}>
            {formatNumber(s.number)}. <span lang="ar">{s.nameArabic}</span>
          </Text>
          <ul className={classes.cells} aria-label={t("progress.surahRow", { surah: s.nameEnglish })}>
            {Array.from({ length: s.ayahCount }, (_, i) => s.firstAyah + i).map((ayah) => {
              const cell = cells.get(ayah);
              const label = cell ? t("progress.cellLabel", { surah: s.number, ayah: ayah - s.firstAyah + 1, n: cell.mistakes }) : undefined;
              return (
                <li
                  key={ayah}
                  className={classes.cell}
                  style={{ backgroundColor: cell ? heatColour(cell.weight, hottest) : undefined }}
                  aria-label={label}
                  aria-hidden={cell ? undefined : true}
                  title={label ?? `${s.number}:${ayah - s.firstAyah + 1}`}
                />
              );
            })}
          </ul>
        </Group>
      ))}
    </Stack>
  );
}
