import { ActionIcon, Button, Checkbox, Group, NativeSelect, NumberInput, Paper, SegmentedControl, SimpleGrid, Stack, Switch, Text } from "@mantine/core";
import { IconMinus, IconPlus, IconTargetArrow } from "@tabler/icons-react";
import { LOG_STATUSES, type LogStatus, type RecitationMetricRow, type RecitationTypeRow } from "@taleem/contract";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useReferenceName } from "../../../ui/reference-name";
import { useGradeName } from "../grade-names";
import { usePageOf } from "../use-quran";
import { AyahInput } from "./ayah-range-input";
import { type AyahRef, type LogDraft, refText, toGlobal, withMistake, withoutMistake } from "./halqa-draft";
import { MistakePinner } from "./mistake-pinner";

const GRADES = ["0", "1", "2", "3", "4", "5"];

interface LogEditorProps {
  type: RecitationTypeRow;
  log: LogDraft;
  layoutName: string;
  metrics: RecitationMetricRow[];
  onChange: (log: LogDraft) => void;
  /** Texts of the problems found on this stream, by field (endAyah, mistakes, metrics, ...). */
  problems: Record<string, string>;
  /** "h12-t1": unique on the page. */
  testId: string;
}

/**
 * One stream of one hafiz (sabaq, sabqi, manzil...): whether it was recited, the range from
 * surah:ayah to surah:ayah, how it went (status, grade), the metrics counted and the mistakes
 * pinned on the mushaf.
 */
export function LogEditor({ type, log, layoutName, metrics, onChange, problems, testId }: LogEditorProps) {
  const { t } = useTranslation("hifz");
  const metricName = useReferenceName("recitationMetrics");
  const typeName = useReferenceName("recitationTypes");
  const gradeName = useGradeName();
  const [pinning, setPinning] = useState(false);
  const set = (change: Partial<LogDraft>) => onChange({ ...log, on: true, ...change });
  const setStart = (start: AyahRef) => set({ start, end: toGlobal(log.end) < toGlobal(start) ? start : log.end });
  const count = (m: RecitationMetricRow) => log.metrics[String(m.id)] ?? 0;
  const setMetric = (m: RecitationMetricRow, v: number) => set({ metrics: { ...log.metrics, [String(m.id)]: Math.min(100, Math.max(0, v)) } });
  const startPage = usePageOf(layoutName)(toGlobal(log.start));
  const other = Object.entries(problems).filter(([k]) => !["endAyah", "mistakes", "metrics"].includes(k));

  return (
    <Paper withBorder radius="md" p="xs" data-testid={testId}>
      <Group justify="space-between" wrap="nowrap" gap="xs">
        <Switch
          checked={log.on}
          onChange={(e) => onChange({ ...log, on: e.currentTarget.checked })}
          label={<Text fw={600}>{typeName(type)}</Text>}
          data-testid={`${testId}-on`}
        />
        {!log.on && (
          <Text size="xs" c="dimmed">
            <bdi dir="ltr">{refText(log.start)}</bdi>
          </Text>
        )}
      </Group>
      {log.on && (
        <Stack gap="sm" mt="xs">
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm" verticalSpacing="sm">
            <AyahInput label={t("halqa.from")} value={log.start} onChange={setStart} testId={`${testId}-from`} />
            <AyahInput label={t("halqa.to")} value={log.end} onChange={(end) => set({ end })} error={problems.endAyah} testId={`${testId}-to`} />
          </SimpleGrid>
          <Text size="xs" c="dimmed">
            {t("halqa.rangeOnPage", { page: startPage })}
          </Text>
          <NativeSelect
            label={t("halqa.status")}
            data={LOG_STATUSES.map((s) => ({ value: s, label: t(`logStatus.${s}`) }))}
            value={log.status}
            onChange={(e) => set({ status: e.currentTarget.value as LogStatus })}
          />
          <Stack gap={4}>
            <Text size="sm" fw={500} id={`${testId}-grade`}>
              {t("halqa.grade")}
              {log.grade ? `: ${gradeName(log.grade)}` : ""}
            </Text>
            <SegmentedControl
              fullWidth
              size="xs"
              aria-labelledby={`${testId}-grade`}
              data-testid={`${testId}-grades`}
              value={String(log.grade ?? 0)}
              onChange={(v) => set({ grade: Number(v) || null })}
              data={GRADES.map((g) => ({ value: g, label: g === "0" ? "–" : g }))}
            />
          </Stack>
          {metrics.length > 0 && (
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="xs" verticalSpacing={6}>
              {metrics.map((m) =>
                m.kind === "count" ? (
                  <Group key={m.id} justify="space-between" wrap="nowrap" gap="xs">
                    <Text size="sm" truncate>
                      {metricName(m)}
                    </Text>
                    <Group gap={4} wrap="nowrap">
                      <ActionIcon
                        variant="default"
                        aria-label={t("halqa.fewer", { name: metricName(m) })}
                        disabled={count(m) === 0}
                        onClick={() => setMetric(m, count(m) - 1)}
                      >
                        <IconMinus size={16} />
                      </ActionIcon>
                      <Text fw={700} w={28} ta="center" aria-live="polite" data-testid={`${testId}-metric-${m.id}`}>
                        {count(m)}
                      </Text>
                      <ActionIcon variant="default" aria-label={t("halqa.more", { name: metricName(m) })} onClick={() => setMetric(m, count(m) + 1)}>
                        <IconPlus size={16} />
                      </ActionIcon>
                    </Group>
                  </Group>
                ) : m.kind === "score" ? (
                  <NumberInput
                    key={m.id}
                    label={t("halqa.score", { name: metricName(m) })}
                    min={0}
                    max={10}
                    clampBehavior="strict"
                    allowDecimal={false}
                    value={log.metrics[String(m.id)] ?? ""}
                    onChange={(v) => set({ metrics: { ...log.metrics, [String(m.id)]: typeof v === "number" ? v : 0 } })}
                    size="xs"
                  />
                ) : (
                  <Checkbox key={m.id} label={metricName(m)} checked={count(m) > 0} onChange={(e) => setMetric(m, e.currentTarget.checked ? 1 : 0)} />
                ),
              )}
            </SimpleGrid>
          )}
          {problems.metrics && (
            <Text size="sm" c="red.8" role="alert">
              {problems.metrics}
            </Text>
          )}
          <Button
            variant={pinning ? "filled" : "light"}
            leftSection={<IconTargetArrow size={16} />}
            onClick={() => setPinning((p) => !p)}
            aria-expanded={pinning}
            data-testid={`${testId}-mistakes`}
          >
            {t("halqa.markMistakes", { n: log.mistakes.length })}
          </Button>
          {!pinning && problems.mistakes && (
            <Text size="sm" c="red.8" role="alert">
              {problems.mistakes}
            </Text>
          )}
          {pinning && (
            <MistakePinner
              layoutName={layoutName}
              log={log}
              metrics={metrics}
              onPin={(m) => set(withMistake(log, m, metrics))}
              onRemove={(i) => set(withoutMistake(log, i, metrics))}
              problem={problems.mistakes}
              testId={`${testId}-pinner`}
            />
          )}
          {other.map(([k, text]) => (
            <Text key={k} size="sm" c="red.8" role="alert">
              {text}
            </Text>
          ))}
        </Stack>
      )}
    </Paper>
  );
}
