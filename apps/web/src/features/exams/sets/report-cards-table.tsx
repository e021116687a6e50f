import { Group, Paper, Stack, Table, Text, UnstyledButton } from "@mantine/core";
import { useMediaQuery } from "@mantine/hooks";
import type { ReportCard } from "@taleem/contract";
import { useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { formatNumber } from "../../../lib/format";
import { ListPagination } from "../../../ui/list-pagination";
import { CutText } from "../cut-text";
import { PassBadge, percentText } from "./report-card-view";

/** Rows a page shows: a whole school's cards would be thousands of rows on a phone. */
const PAGE_SIZE = 50;

/** The set's report cards in rank order, a page at a time; a row opens the card. */
export function ReportCardsTable({ cards, onOpen }: { cards: ReportCard[]; onOpen: (studentId: number) => void }) {
  const [page, setPage] = useState(1);
  // Best first; the unranked (the rule leaves them out) after, by name.
  const ranked = useMemo(
    () =>
      [...cards].sort(
        (a, b) => (a.overallRank ?? Number.MAX_SAFE_INTEGER) - (b.overallRank ?? Number.MAX_SAFE_INTEGER) || a.studentName.localeCompare(b.studentName),
      ),
    [cards],
  );
  const pages = Math.max(1, Math.ceil(ranked.length / PAGE_SIZE));
  const at = Math.min(page, pages);
  const shown = ranked.slice((at - 1) * PAGE_SIZE, at * PAGE_SIZE);
  return (
    <Stack gap="sm">
      <CardRows cards={shown} onOpen={onOpen} />
      {pages > 1 && (
        <Group justify="center">
          <ListPagination total={pages} value={at} onChange={setPage} />
        </Group>
      )}
    </Stack>
  );
}

/** A table on a desktop, a card each on a phone. */
function CardRows({ cards, onOpen }: { cards: ReportCard[]; onOpen: (studentId: number) => void }) {
  const { t } = useTranslation("exams");
  const phone = useMediaQuery("(max-width: 48em)");
  const rank = (r: number | null) => (r === null ? t("card.notRankedShort") : formatNumber(r));
  const total = (c: ReportCard) => (
    <span dir="ltr">
      {formatNumber(c.totalMarks)}/{formatNumber(c.totalMax)}
    </span>
  );
  if (phone) {
    return (
      <Stack gap="xs">
        {cards.map((c) => (
          <UnstyledButton key={c.studentId} onClick={() => onOpen(c.studentId)} data-testid={`card-row-${c.studentId}`}>
            <Paper withBorder radius="md" p="sm">
              <Group justify="space-between" wrap="nowrap" gap="xs">
                <div style={{ minWidth: 0 }}>
                  <CutText fw={600}>{c.studentName}</CutText>
                  <Text size="xs" c="dimmed" truncate>
                    <bdi>{c.classroomLabel}</bdi>
                    {c.rollNo !== null && ` · ${t("card.rollNo")}: ${formatNumber(c.rollNo)}`} · {t("card.classRank")}: {rank(c.classRank)}
                  </Text>
                </div>
                <Stack gap={2} align="flex-end">
                  <Text fw={700} dir="ltr">
                    {percentText(c.percent)}
                  </Text>
                  <Group gap={4} wrap="nowrap">
                    <Text size="sm" fw={600}>
                      <bdi>{c.grade ?? "—"}</bdi>
                    </Text>
                    <PassBadge passed={c.passed} />
                  </Group>
                </Stack>
              </Group>
            </Paper>
          </UnstyledButton>
        ))}
      </Stack>
    );
  }
  return (
    // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must take the focus to be scrolled by keyboard
    <section aria-label={t("sets.tabs.cards")} tabIndex={0} style={{ overflowX: "auto" }}>
      <Table miw={720} striped highlightOnHover withTableBorder aria-label={t("sets.tabs.cards")}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t("card.classRank")}</Table.Th>
            <Table.Th>{t("card.overallRank")}</Table.Th>
            <Table.Th>{t("card.student")}</Table.Th>
            <Table.Th>{t("card.classroom")}</Table.Th>
            <Table.Th>{t("card.rollNo")}</Table.Th>
            <Table.Th>{t("card.total")}</Table.Th>
            <Table.Th>{t("card.percent")}</Table.Th>
            <Table.Th>{t("card.grade")}</Table.Th>
            <Table.Th>{t("card.result")}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {cards.map((c) => (
            <Table.Tr key={c.studentId} data-testid={`card-row-${c.studentId}`}>
              <Table.Td>{rank(c.classRank)}</Table.Td>
              <Table.Td>{rank(c.overallRank)}</Table.Td>
              <Table.Td>
                <UnstyledButton onClick={() => onOpen(c.studentId)} fw={600} c="blue" fz="sm">
                  <bdi>{c.studentName}</bdi>
                </UnstyledButton>
                {c.studentNameNative && (
                  <Text size="xs" c="dimmed">
                    <bdi dir="auto">{c.studentNameNative}</bdi>
                  </Text>
                )}
              </Table.Td>
              <Table.Td>
                <bdi>{c.classroomLabel}</bdi>
              </Table.Td>
              <Table.Td data-testid="card-roll">{c.rollNo === null ? "—" : formatNumber(c.rollNo)}</Table.Td>
              <Table.Td>{total(c)}</Table.Td>
              <Table.Td>
                <span dir="ltr">{percentText(c.percent)}</span>
              </Table.Td>
              <Table.Td>
                <bdi>{c.grade ?? "—"}</bdi>
              </Table.Td>
              <Table.Td>
                <PassBadge passed={c.passed} />
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </section>
  );
}
