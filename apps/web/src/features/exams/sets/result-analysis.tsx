import { Group, Paper, SimpleGrid, Stack, Text, Title } from "@mantine/core";
import type { ActionReply, examSetAnalysis } from "@taleem/contract";
import { useTranslation } from "react-i18next";
import { formatNumber } from "../../../lib/format";
import { RateRing } from "../../../ui/charts/rate-ring";
import classes from "./result-analysis.module.css";

type Analysis = ActionReply<typeof examSetAnalysis>["data"];

const pct = (n: number | null) => (n === null ? "—" : `${formatNumber(n, { maximumFractionDigits: 1 })}%`);

/** A labelled horizontal bar (CSS): it grows from the start of the line in either direction. */
function Bar({ label, value, compare, testId }: { label: string; value: number | null; compare?: number | null; testId?: string }) {
  const { t, i18n } = useTranslation("exams");
  return (
    <div className={classes.barRow} data-testid={testId}>
      {/* The name's own direction decides where it is cut ("Quran Reci…", not "…n Recitation"). */}
      <Text size="sm" className={classes.barLabel} title={label} dir="auto" ta={i18n.dir() === "rtl" ? "right" : "left"}>
        {label}
      </Text>
      <div className={classes.track}>
        <div className={classes.fill} style={{ inlineSize: `${Math.max(0, Math.min(100, value ?? 0))}%` }} />
        {compare != null && (
          <div className={classes.mark} style={{ insetInlineStart: `${Math.max(0, Math.min(100, compare))}%` }} title={t("analysis.setAverage")} />
        )}
      </div>
      <Text size="sm" fw={600} className={classes.barValue} dir="ltr">
        {pct(value)}
      </Text>
    </div>
  );
}

/** The grade distribution as columns (CSS), in the scale's order, right to left where the page is. */
function Distribution({ rows }: { rows: Analysis["distribution"] }) {
  const { t } = useTranslation("exams");
  const top = Math.max(1, ...rows.map((r) => r.count));
  if (!rows.length) return <Text c="dimmed">{t("analysis.noData")}</Text>;
  return (
    <ul className={classes.columns} aria-label={t("analysis.distribution")}>
      {rows.map((r) => (
        <li key={r.grade} className={classes.column} aria-label={`${r.grade}: ${formatNumber(r.count)}`}>
          <Text size="xs" fw={600}>
            {formatNumber(r.count)}
          </Text>
          <div className={classes.columnFill} style={{ blockSize: `${(r.count / top) * 120}px` }} />
          <Text size="sm" fw={600}>
            <bdi>{r.grade}</bdi>
          </Text>
        </li>
      ))}
    </ul>
  );
}

function Figure({ label, value }: { label: string; value: string }) {
  return (
    <div>
      <Text size="xs" c="dimmed" fw={600}>
        {label}
      </Text>
      <Text fw={700} size="xl" dir="ltr" ta="start">
        {value}
      </Text>
    </div>
  );
}

/** Result analysis: pass rate, subject averages (against the set), grade distribution, the classrooms. */
export function ResultAnalysis({ data, classroomId }: { data: Analysis; classroomId?: number }) {
  const { t } = useTranslation("exams");
  return (
    <Stack gap="md" data-testid="analysis">
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
        <Paper withBorder radius="md" p="md">
          <Title order={4} mb="sm">
            {t("analysis.passRate")}
          </Title>
          <Group gap="lg" wrap="nowrap">
            <RateRing rate={data.passRate === null ? null : data.passRate / 100} label={t("analysis.passRateOf", { rate: pct(data.passRate) })} />
            <SimpleGrid cols={2} spacing="xs">
              <Figure label={t("analysis.students")} value={formatNumber(data.students)} />
              <Figure label={t("analysis.marked")} value={formatNumber(data.marked)} />
              <Figure label={t("analysis.average")} value={pct(data.average)} />
              <Figure label={t("analysis.setAverage")} value={pct(data.schoolAverage)} />
            </SimpleGrid>
          </Group>
        </Paper>
        <Paper withBorder radius="md" p="md">
          <Title order={4} mb="sm">
            {t("analysis.distribution")}
          </Title>
          <Distribution rows={data.distribution} />
        </Paper>
      </SimpleGrid>
      <Paper withBorder radius="md" p="md">
        <Title order={4}>{t("analysis.subjects")}</Title>
        <Text size="xs" c="dimmed" mb="sm">
          {t("analysis.subjectsHint")}
        </Text>
        <Stack gap={6}>
          {data.subjects.map((s) => (
            <Bar key={s.subjectId} label={s.subjectName} value={s.average} compare={s.schoolAverage} testId={`subject-bar-${s.subjectId}`} />
          ))}
          {!data.subjects.length && <Text c="dimmed">{t("analysis.noData")}</Text>}
        </Stack>
      </Paper>
      <Paper withBorder radius="md" p="md">
        <Title order={4}>{t("analysis.classrooms")}</Title>
        <Text size="xs" c="dimmed" mb="sm">
          {t("analysis.classroomsHint", { average: pct(data.schoolAverage) })}
        </Text>
        <Stack gap={6}>
          {data.classrooms.map((c) => (
            <div key={c.classroomId} className={c.classroomId === classroomId ? classes.chosen : undefined}>
              <Bar label={c.classroomLabel} value={c.average} compare={data.schoolAverage} />
              <Text size="xs" c="dimmed" className={classes.indent}>
                {t("analysis.passRateOf", { rate: pct(c.passRate) })}
              </Text>
            </div>
          ))}
        </Stack>
      </Paper>
    </Stack>
  );
}
