import { Group, Paper, SegmentedControl, Select, SimpleGrid, Stack, Text, Title } from "@mantine/core";
import { type ChecklistGroupBy, type ChecklistStat, checklistAnalytics } from "@taleem/contract";
import { keepPreviousData } from "@tanstack/react-query";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { formatDate, formatNumber } from "../../lib/format";
import { useActionQuery } from "../../lib/use-action";
import bars from "../../ui/charts/fee-charts.module.css";
import { percentText, RateRing } from "../../ui/charts/rate-ring";
import { EmptyList, FailureState, LoadingState } from "../../ui/list-states";
import { useResourceOptions } from "../../ui/resource";
import { SchoolDateInput } from "../../ui/school-date-input";

/** A group's completion as a bar that grows from the start of the line, in either reading direction (the fees dashboard's bars). */
function CompletionBar({ stat, label }: { stat: ChecklistStat; label: string }) {
  const { t, i18n } = useTranslation("checklists");
  return (
    <div className={bars.barRow} data-testid={`stat-${stat.key}`}>
      <Text size="sm" className={bars.barLabel} title={label} dir="auto" ta={i18n.dir() === "rtl" ? "right" : "left"}>
        {label}
      </Text>
      <div
        className={bars.track}
        role="img"
        aria-label={t("analytics.line", { label, rate: stat.completionRate, submitted: stat.submitted, expected: stat.expected, missed: stat.missed })}
      >
        <div className={bars.fill} style={{ inlineSize: `${stat.completionRate}%` }} />
      </div>
      <Text size="xs" className={bars.barValue}>
        {/* "23/27" is one value: isolated whole, or right to left would show "27/23". */}
        <bdi dir="ltr">{formatNumber(stat.completionRate)}%</bdi> · <bdi dir="ltr">{`${formatNumber(stat.submitted)}/${formatNumber(stat.expected)}`}</bdi>
      </Text>
    </div>
  );
}

/** Checklist completion over a range by person, checklist or week: the whole as a ring, each group as a bar, missed periods counted. */
export function ChecklistAnalyticsPage() {
  const { t } = useTranslation("checklists");
  const [groupBy, setGroupBy] = useState<ChecklistGroupBy>("checklist");
  const [startDate, setStart] = useState<string | null>(null);
  const [endDate, setEnd] = useState<string | null>(null);
  const [checklistId, setChecklist] = useState<string | null>(null);
  const options = useResourceOptions("checklists", "name");
  const query = { groupBy, startDate: startDate ?? undefined, endDate: endDate ?? undefined, checklistId: checklistId ? Number(checklistId) : undefined };
  const stats = useActionQuery(checklistAnalytics, { query }, { placeholderData: keepPreviousData });
  const completion = stats.data?.total.expected ? stats.data.total.completionRate / 100 : null;
  const label = (s: ChecklistStat) => (groupBy === "week" ? t("analytics.weekOf", { date: formatDate(s.label) }) : s.label);
  return (
    <Stack gap="md">
      <Title order={2}>{t("analytics.title")}</Title>
      <Group align="flex-end" gap="sm">
        <SegmentedControl
          value={groupBy}
          onChange={(v) => setGroupBy(v as ChecklistGroupBy)}
          data={(["checklist", "person", "week"] as const).map((g) => ({ value: g, label: t(`analytics.groupBy.${g}`) }))}
        />
        <SchoolDateInput label={t("analytics.from")} value={startDate} onChange={setStart} clearable maw={170} />
        <SchoolDateInput label={t("analytics.to")} value={endDate} onChange={setEnd} clearable maw={170} />
        <Select label={t("logs.fields.checklistId")} data={options.options} value={checklistId} onChange={setChecklist} clearable searchable maw={240} />
      </Group>
      {stats.isPending ? (
        <LoadingState text={t("loading")} />
      ) : stats.isError ? (
        <FailureState onRetry={() => stats.refetch()} />
      ) : (
        <>
          <Text size="sm" c="dimmed">
            <bdi>{formatDate(stats.data.startDate)}</bdi> – <bdi>{formatDate(stats.data.endDate)}</bdi>
          </Text>
          <SimpleGrid cols={{ base: 2, sm: 5 }} spacing="sm">
            <Paper withBorder p="sm" radius="md" style={{ display: "grid", placeItems: "center" }}>
              <RateRing rate={completion} label={`${t("analytics.completion")}: ${percentText(completion)}`} />
            </Paper>
            {(["expected", "submitted", "approved", "missed"] as const).map((k) => (
              <Paper key={k} withBorder p="sm" radius="md" data-testid={`total-${k}`}>
                <Text size="sm" c="dimmed">
                  {t(`analytics.${k}`)}
                </Text>
                <Text fw={700} fz="xl">
                  <bdi dir="ltr">{formatNumber(stats.data.total[k])}</bdi>
                </Text>
              </Paper>
            ))}
          </SimpleGrid>
          <Paper withBorder p="md" radius="md">
            <Stack gap="xs" data-testid="completion-chart">
              {stats.data.rows.length ? (
                stats.data.rows.map((s) => <CompletionBar key={s.key} stat={s} label={label(s)} />)
              ) : (
                <EmptyList title={t("analytics.empty")} />
              )}
            </Stack>
          </Paper>
        </>
      )}
    </Stack>
  );
}
