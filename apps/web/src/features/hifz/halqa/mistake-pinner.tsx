import { ActionIcon, Badge, Chip, CloseButton, Group, Stack, Text } from "@mantine/core";
import { IconChevronLeft, IconChevronRight } from "@tabler/icons-react";
import type { QuranAyah, RecitationMetricRow } from "@taleem/contract";
import { useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { notify } from "../../../lib/notify";
import { useReferenceName } from "../../../ui/reference-name";
import { MushafPage } from "../mushaf-page";
import { usePageOf } from "../use-quran";
import { type LogDraft, type PinnedMistake, refText, toGlobal, toRef } from "./halqa-draft";

/** A pinned ayah, and the rest of the range recited: light enough for the text to read through. */
export const PINNED_COLOUR = "rgba(250, 82, 82, 0.35)";
const RANGE_COLOUR = "rgba(18, 184, 134, 0.12)";

interface MistakePinnerProps {
  layoutName: string;
  log: LogDraft;
  metrics: RecitationMetricRow[];
  onPin: (m: PinnedMistake) => void;
  onRemove: (index: number) => void;
  problem?: string;
  testId: string;
}

/**
 * The range's page of the hafiz's mushaf: one tap on an ayah pins a mistake of the chosen kind
 * (the first count metric unless another is chosen); pinned ayahs are coloured and listed, each
 * with a remove. A range over several pages turns page by page, to the left as a mushaf does.
 */
export function MistakePinner({ layoutName, log, metrics, onPin, onRemove, problem, testId }: MistakePinnerProps) {
  const { t, i18n } = useTranslation("hifz");
  const metricName = useReferenceName("recitationMetrics");
  const counts = metrics.filter((m) => m.kind === "count");
  const [metricId, setMetricId] = useState<string | null>(counts[0] ? String(counts[0].id) : null);
  const start = toGlobal(log.start);
  const end = Math.max(start, toGlobal(log.end));
  const pageOf = usePageOf(layoutName);
  const firstPage = pageOf(start);
  const lastPage = pageOf(end);
  const [page, setPage] = useState(firstPage);
  const shown = Math.min(Math.max(page, firstPage), lastPage);
  const pinned = useMemo(() => new Set(log.mistakes.map((m) => m.ayah)), [log.mistakes]);
  const byId = useMemo(() => new Map(metrics.map((m) => [m.id, m])), [metrics]);

  // Left to right and isolated (LRI ... PDI): "114:1–114:6" keeps its order inside right-to-left text.
  const ltr = (text: string) => `\u2066${text}\u2069`;
  const range = ltr(start === end ? refText(log.start) : `${refText(log.start)}–${refText(toRef(end))}`);
  const tap = (a: QuranAyah) => {
    if (!metricId) return;
    if (a.number < start || a.number > end) {
      notify.warning(t("halqa.outsideRange", { ayah: ltr(`${a.surah}:${a.ayah}`), range }));
      return;
    }
    onPin({ ayah: a.number, metricId: Number(metricId) });
  };

  return (
    <Stack gap="xs" data-testid={testId}>
      {counts.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t("halqa.noCountMetrics")}
        </Text>
      ) : (
        <Stack gap={4}>
          <Text size="sm" fw={500} id={`${testId}-kind`}>
            {t("halqa.mistakeKind")}
          </Text>
          <Chip.Group multiple={false} value={metricId} onChange={setMetricId}>
            <Group gap={6} role="radiogroup" aria-labelledby={`${testId}-kind`}>
              {counts.map((m) => (
                <Chip key={m.id} value={String(m.id)} size="xs" radius="sm">
                  {metricName(m)}
                </Chip>
              ))}
            </Group>
          </Chip.Group>
        </Stack>
      )}
      <Text size="sm" c="dimmed">
        {t("halqa.tapHint", { range })}
      </Text>
      {lastPage > firstPage && (
        // The mushaf's own direction: its next page lies to the left.
        <Group justify="space-between" dir="rtl" wrap="nowrap">
          <ActionIcon variant="light" aria-label={t("halqa.previousPage")} disabled={shown <= firstPage} onClick={() => setPage(shown - 1)}>
            <IconChevronRight size={18} />
          </ActionIcon>
          <Text size="sm" c="dimmed" dir={i18n.dir()}>
            {t("halqa.pageOf", { page: shown - firstPage + 1, total: lastPage - firstPage + 1 })}
          </Text>
          <ActionIcon variant="light" aria-label={t("halqa.nextPage")} disabled={shown >= lastPage} onClick={() => setPage(shown + 1)}>
            <IconChevronLeft size={18} />
          </ActionIcon>
        </Group>
      )}
      <MushafPage
        layoutName={layoutName}
        pageNumber={shown}
        onAyahTap={tap}
        ayahColour={(n) => (pinned.has(n) ? PINNED_COLOUR : n >= start && n <= end ? RANGE_COLOUR : undefined)}
      />
      {problem && (
        <Text size="sm" c="red.8" role="alert">
          {problem}
        </Text>
      )}
      <Stack gap={4} data-testid={`${testId}-pinned`}>
        <Text size="sm" fw={500}>
          {t("halqa.pinned", { n: log.mistakes.length })}
        </Text>
        {log.mistakes.map((m, i) => {
          const at = refText(toRef(m.ayah));
          const metric = byId.get(m.metricId);
          const outside = m.ayah < start || m.ayah > end;
          // The same ayah and kind may be pinned twice: the second is told apart by its place among them.
          const nth = log.mistakes.slice(0, i).filter((o) => o.ayah === m.ayah && o.metricId === m.metricId).length;
          return (
            <Group key={`${m.ayah}-${m.metricId}-${nth}`} gap="xs" wrap="nowrap" justify="space-between">
              <Group gap="xs" wrap="nowrap" style={{ minWidth: 0 }}>
                <Badge variant="outline" color={outside ? "red.8" : "dark"} style={{ flexShrink: 0 }}>
                  <bdi dir="ltr">{at}</bdi>
                </Badge>
                <Text size="sm" truncate>
                  {metric ? metricName(metric) : "—"}
                </Text>
              </Group>
              <CloseButton size="sm" aria-label={t("halqa.removeMistake", { at })} onClick={() => onRemove(i)} />
            </Group>
          );
        })}
      </Stack>
    </Stack>
  );
}
