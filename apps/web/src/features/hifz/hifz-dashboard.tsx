import { Badge, Box, Button, Group, Paper, SimpleGrid, Stack, Table, Text, Title } from "@mantine/core";
import { type HifzDashboard, SURAHS, surahAyahOf } from "@taleem/contract";
import { useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { dateFormatter, formatDate, formatNumber } from "../../lib/format";
import { useReferenceName } from "../../ui/reference-name";
import { heatByAyah, heatColour, hottestOf } from "./heat-map";
import { HeatMapGrid } from "./heat-map-grid";
import classes from "./hifz-dashboard.module.css";
import { MushafReader } from "./mushaf-reader";
import { useLayoutMetadata, usePageOf } from "./use-quran";

/** surah:ayah with the surah's name as the reader says it: in Arabic for Arabic and Urdu readers. */
export function ayahName(global: number, rtl: boolean): string {
  const { surah, ayah } = surahAyahOf(global);
  const s = SURAHS[surah - 1]!;
  return `${rtl ? s.nameArabic : s.nameEnglish} ${surah}:${ayah}`;
}

function Figure({ label, value, hint }: { label: string; value: string; hint?: string }) {
  return (
    <Paper withBorder p="sm" radius="md">
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text fw={700} size="xl">
        {value}
      </Text>
      {hint && (
        <Text size="xs" c="dimmed">
          {hint}
        </Text>
      )}
    </Paper>
  );
}

/** A week by the day and month it starts on (a row of eight fits a phone). */
const weekLabel = (day: string) => dateFormatter({ day: "numeric", month: "short", timeZone: "UTC" }).format(new Date(`${day}T00:00:00Z`));

/** A titled part of the dashboard. */
function Section({ title, aside, children }: { title: string; aside?: React.ReactNode; children: React.ReactNode }) {
  return (
    <Paper withBorder p="md" radius="md">
      <Group justify="space-between" mb="xs">
        <Title order={3} size="h4">
          {title}
        </Title>
        {aside}
      </Group>
      {children}
    </Paper>
  );
}

/** Bars for a few weeks (pace, grades): each labelled with its week and value. */
function WeekBars({ weeks, max, label }: { weeks: { weekStart: string; value: number | null }[]; max: number; label: (v: number | null) => string }) {
  return (
    <Group gap="xs" align="flex-end" wrap="nowrap" className={classes.bars}>
      {weeks.map((w) => (
        <Stack key={w.weekStart} gap={2} align="center" className={classes.bar}>
          <Text size="xs">{label(w.value)}</Text>
          <Box className={classes.barFill} style={{ height: `${Math.max(2, ((w.value ?? 0) / (max || 1)) * 80)}px` }} aria-hidden />
          <Text size="xs" c="dimmed">
            {weekLabel(w.weekStart)}
          </Text>
        </Stack>
      ))}
    </Group>
  );
}

/**
 * A hafiz's memorisation as a teacher, a head or a parent reads it: what is memorised and how fast,
 * where each stream carries on, how long since each juz was revised whole, and where the mistakes
 * are, on the hafiz's own mushaf page and as a grid of surahs by ayahs. `mistakes` is the open
 * mistakes' list (with resolve for staff).
 */
export function HifzDashboardView({ dashboard: d, mistakes }: { dashboard: HifzDashboard; mistakes?: React.ReactNode }) {
  const { t, i18n } = useTranslation("hifz");
  const typeName = useReferenceName("recitationTypes");
  const metricName = useReferenceName("recitationMetrics");
  const rtl = i18n.dir() === "rtl";
  const cells = useMemo(() => heatByAyah(d.heatMapData), [d.heatMapData]);
  const hottest = hottestOf(cells);
  const layoutName = d.hafiz.layoutName;
  const meta = useLayoutMetadata(layoutName);
  const pageOf = usePageOf(layoutName);
  const pages = [...new Set([...cells.keys()].map(pageOf))].sort((a, b) => a - b);
  const [page, setPage] = useState<number | null>(null);
  const pageNumber = page ?? (d.weakestAyahs[0] ? pageOf(d.weakestAyahs[0].ayah) : (pages[0] ?? 1));
  const openCount = d.openMistakes.reduce((n, m) => n + m.count, 0);
  const percent = (share: number) => formatNumber(share, { style: "percent", maximumFractionDigits: 1 });

  return (
    <Stack gap="lg" data-testid="hifz-dashboard">
      <SimpleGrid cols={{ base: 2, sm: 3, lg: 6 }}>
        <Figure
          label={t("progress.memorised")}
          value={percent(d.memorised.share)}
          hint={t("progress.ayahsPages", { ayahs: formatNumber(d.memorised.ayahs), pages: formatNumber(d.memorised.pages) })}
        />
        <Figure label={t("progress.juzComplete")} value={formatNumber(d.memorised.juzComplete)} />
        <Figure label={t("progress.streak")} value={formatNumber(d.sabaqStreak)} hint={t("progress.streakHint")} />
        <Figure label={t("progress.openMistakes")} value={formatNumber(openCount)} />
        <Figure label={t("progress.totalLogs")} value={formatNumber(d.totalLogs)} />
        <Figure label={t("progress.cycle")} value={t("progress.days", { n: formatNumber(d.hafiz.manzilCycleDays) })} />
      </SimpleGrid>

      <Section title={t("progress.carriesOn")}>
        {d.lastCompletedRanges.length ? (
          <Table data-testid="last-ranges">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t("progress.stream")}</Table.Th>
                <Table.Th>{t("progress.lastDone")}</Table.Th>
                <Table.Th>{t("progress.next")}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {d.lastCompletedRanges.map((r) => (
                <Table.Tr key={r.recitationTypeId}>
                  <Table.Td>{typeName(r)}</Table.Td>
                  <Table.Td>
                    <bdi>{r.ranges.map((x) => x.range).join(", ")}</bdi>
                    <Text size="xs" c="dimmed">
                      {formatDate(r.date)}
                    </Text>
                  </Table.Td>
                  <Table.Td>{r.nextAyah ? <bdi>{ayahName(r.nextAyah, rtl)}</bdi> : t("progress.finished")}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        ) : (
          <Text c="dimmed">{t("progress.noLogs")}</Text>
        )}
      </Section>

      <SimpleGrid cols={{ base: 1, md: 2 }}>
        <Section title={t("progress.pace")}>
          <WeekBars
            weeks={d.pace.map((w) => ({ weekStart: w.weekStart, value: w.ayahs }))}
            max={Math.max(...d.pace.map((w) => w.ayahs))}
            label={(v) => formatNumber(v ?? 0)}
          />
        </Section>
        <Section title={t("progress.grades")}>
          <WeekBars
            weeks={d.gradeTrend.map((w) => ({ weekStart: w.weekStart, value: w.average }))}
            max={5}
            label={(v) => (v === null ? "–" : formatNumber(v))}
          />
        </Section>
      </SimpleGrid>

      <Section title={t("progress.revision")}>
        <Text size="sm" c="dimmed" mb="xs">
          {t("progress.revisionHint", { n: formatNumber(d.hafiz.manzilCycleDays) })}
        </Text>
        <div className={classes.juzGrid} data-testid="juz-grid">
          {d.juzRevision.map((j) => (
            <div
              key={j.juz}
              className={classes.juz}
              data-state={j.memorised === 0 ? "none" : j.overdue ? "overdue" : "fresh"}
              title={j.lastRevisedOn ? formatDate(j.lastRevisedOn) : undefined}
            >
              <Text size="xs" fw={700}>
                {formatNumber(j.juz)}
              </Text>
              <Text size="xs">
                {j.memorised === 0 ? "–" : j.daysSince === null ? t("progress.never") : t("progress.daysAgo", { n: formatNumber(j.daysSince) })}
              </Text>
            </div>
          ))}
        </div>
      </Section>

      <Section
        title={t("progress.heat")}
        aside={
          <Group gap={4} aria-hidden>
            <Text size="xs">{t("progress.little")}</Text>
            {[0.15, 0.4, 0.7, 1].map((x) => (
              <span key={x} className={classes.swatch} style={{ backgroundColor: heatColour(x, 1) }} />
            ))}
            <Text size="xs">{t("progress.much")}</Text>
          </Group>
        }
      >
        {pages.length > 0 && (
          <Group gap={6} mb="xs" wrap="wrap" role="group" aria-labelledby="pages-with-mistakes" data-testid="mistake-pages">
            <Text size="sm" c="dimmed" id="pages-with-mistakes">
              {t("progress.pagesWithMistakes")}
            </Text>
            {pages.slice(0, 30).map((p) => (
              <Button
                key={p}
                variant={p === pageNumber ? "filled" : "default"}
                className={classes.pageChip}
                onClick={() => setPage(p)}
                aria-pressed={p === pageNumber}
              >
                {formatNumber(p)}
              </Button>
            ))}
          </Group>
        )}
        <MushafReader
          layoutName={layoutName}
          pageNumber={pageNumber}
          pageCount={meta.data?.layout.pageCount ?? 604}
          onPage={setPage}
          ayahColour={(n) => {
            const cell = cells.get(n);
            return cell ? heatColour(cell.weight, hottest) : undefined;
          }}
        />
      </Section>

      <SimpleGrid cols={{ base: 1, md: 2 }}>
        <Section title={t("progress.weakest")}>
          {d.weakestAyahs.length ? (
            <Stack gap={4} data-testid="weakest-ayahs">
              {d.weakestAyahs.map((a) => (
                <Group key={a.ayah} justify="space-between" wrap="nowrap">
                  <Group gap="xs" wrap="nowrap">
                    <span className={classes.swatch} style={{ backgroundColor: heatColour(a.weight, hottest) }} aria-hidden />
                    <bdi>{ayahName(a.ayah, rtl)}</bdi>
                  </Group>
                  <Text size="sm" c="dimmed">
                    {t("progress.mistakeCount", { n: formatNumber(a.mistakes) })}
                  </Text>
                </Group>
              ))}
            </Stack>
          ) : (
            <Text c="dimmed">{t("progress.noMistakes")}</Text>
          )}
        </Section>
        <Section title={t("progress.byKind")}>
          {d.openMistakes.length ? (
            <Stack gap={4}>
              {d.openMistakes.map((m) => (
                <Group key={m.metricId} justify="space-between">
                  <Text size="sm">{metricName(m)}</Text>
                  <Badge variant="outline" color="teal.9">
                    {formatNumber(m.count)}
                  </Badge>
                </Group>
              ))}
            </Stack>
          ) : (
            <Text c="dimmed">{t("progress.noMistakes")}</Text>
          )}
        </Section>
      </SimpleGrid>

      <Section title={t("progress.grid")}>
        <HeatMapGrid cells={cells} hottest={hottest} />
      </Section>

      {mistakes}
    </Stack>
  );
}
