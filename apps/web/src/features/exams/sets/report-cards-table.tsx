import { Group, Paper, Stack, Table, Text, UnstyledButton } from "@mantine/core";
import { useMediaQuery } from "@mantine/hooks";
import type { ReportCard } from "@taleem/contract";
import { useTranslation } from "react-i18next";
import { formatNumber } from "../../../lib/format";
import { CutText } from "../cut-text";
import { PassBadge, percentText } from "./report-card-view";

/** The set's report cards in rank order: a table on a desktop, a card each on a phone; a row opens the card. */
export function ReportCardsTable({ cards, onOpen }: { cards: ReportCard[]; onOpen: (studentId: number) => void }) {
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
                    <bdi>{c.classroomLabel}</bdi> · {t("card.classRank")}: {rank(c.classRank)}
                  </Text>
                </div>
                <Stack gap={2} align="flex-end">
                  <Text fw={700} dir="ltr">
                    {percentText(c.percent)}
                  </Text>
                  <Group gap={4} wrap="nowrap">
                    <Text size="sm" fw={600}>
                      {c.grade ?? "—"}
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
              <Table.Td>{total(c)}</Table.Td>
              <Table.Td>
                <span dir="ltr">{percentText(c.percent)}</span>
              </Table.Td>
              <Table.Td>{c.grade ?? "—"}</Table.Td>
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
