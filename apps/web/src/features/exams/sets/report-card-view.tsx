import { Badge, Group, Paper, SimpleGrid, Stack, Table, Text, Title, VisuallyHidden } from "@mantine/core";
import { useMediaQuery } from "@mantine/hooks";
import { IconCheck, IconX } from "@tabler/icons-react";
import { cardRuleParts, type RankRule, type ReportCard } from "@taleem/contract";
import { useTranslation } from "react-i18next";
import { formatNumber } from "../../../lib/format";

type PaperResult = ReportCard["subjects"][number]["papers"][number];

/** Marks as the card prints them: "42.5/50", AB or EX, or a dash before marking. */
export function PaperMarks({ paper }: { paper: PaperResult | undefined }) {
  const { t } = useTranslation("exams");
  if (!paper) return <span>—</span>;
  if (paper.status === "absent")
    return (
      <Text span fw={600} size="sm" c="red.9">
        {t("card.absent")}
      </Text>
    );
  if (paper.status === "exempt")
    return (
      <Text span fw={600} size="sm" c="grape.9">
        {t("card.exempt")}
      </Text>
    );
  if (paper.marks === null) return <span>—</span>;
  return (
    <span dir="ltr">
      {formatNumber(paper.marks)}/{formatNumber(paper.maxMarks)}
    </span>
  );
}

/** A percentage to two places, as the card prints it. */
export const percentText = (p: number | null) => (p === null ? "—" : `${formatNumber(p, { maximumFractionDigits: 2 })}%`);

/** Passed or failed, in words and colour (a badge would be cut short in a narrow cell). */
export function PassBadge({ passed, compact = false }: { passed: boolean | null; compact?: boolean }) {
  const { t } = useTranslation("exams");
  if (passed === null)
    return (
      <Text span c="dimmed">
        —
      </Text>
    );
  const word = passed ? t("card.passed") : t("card.failed");
  // On a phone a mark (its word kept for screen readers) leaves the marks their room.
  if (compact) {
    const Mark = passed ? IconCheck : IconX;
    return (
      <Text span c={passed ? "teal.9" : "red.9"} title={word}>
        <Mark size={18} stroke={2.5} aria-hidden />
        <VisuallyHidden>{word}</VisuallyHidden>
      </Text>
    );
  }
  return (
    <Text span fw={700} size="sm" c={passed ? "teal.9" : "red.9"}>
      {word}
    </Text>
  );
}

/** A rule the card is worked out by, in the words the printed card uses (the contract's). */
function CardRule({ rule }: { rule: RankRule | "totals" }) {
  const { i18n } = useTranslation();
  return (
    <Text size="sm" c="dimmed" data-testid={`card-rule-${rule}`}>
      {cardRuleParts(rule, i18n.language).map((part) =>
        typeof part === "string" ? (
          part
        ) : (
          <span key="example" dir="ltr">
            {part.example}
          </span>
        ),
      )}
    </Text>
  );
}

function Fact({ label, children, testId }: { label: string; children: React.ReactNode; testId?: string }) {
  return (
    <div data-testid={testId}>
      <Text size="xs" c="dimmed" fw={600}>
        {label}
      </Text>
      <Text fw={700} size="lg" component="div">
        {children}
      </Text>
    </div>
  );
}

/**
 * A student's report card on screen, with what the mark-sheets PDF prints: the marks of each
 * subject in each term, the total, percentage, grade and result, the ranks (or why there is
 * none), attendance, remarks and the grading rule.
 */
export function ReportCardView({ card }: { card: ReportCard }) {
  const phone = useMediaQuery("(max-width: 48em)") ?? false;
  const { t, i18n } = useTranslation("exams");
  const rtl = i18n.dir() === "rtl";
  const terms = card.terms;
  const rankText = (rank: number | null) => (rank === null ? t("card.notRanked") : formatNumber(rank));
  return (
    <Paper withBorder radius="md" p={{ base: "xs", sm: "md" }} data-testid={`report-card-${card.studentId}`}>
      <Stack gap="md">
        <Group justify="space-between" align="flex-start" wrap="wrap" gap="xs">
          <div style={{ minWidth: 0 }}>
            <Title order={3} size="h4">
              <bdi>{card.studentName}</bdi>
            </Title>
            {card.studentNameNative && (
              <Text size="lg" lh={rtl ? 2 : 1.5}>
                <bdi dir="auto">{card.studentNameNative}</bdi>
              </Text>
            )}
            <Text size="sm" c="dimmed">
              {t("card.admissionNo")}: <span dir="ltr">{card.admissionNo}</span> · {t("card.classroom")}: <bdi>{card.classroomLabel}</bdi>
              {card.rollNo !== null && (
                <>
                  {" · "}
                  {t("card.rollNo")}: <span dir="ltr">{formatNumber(card.rollNo)}</span>
                </>
              )}
            </Text>
          </div>
          <Stack gap={2} align="flex-end">
            <Text fw={600}>
              <bdi>{card.source.name}</bdi>
            </Text>
            {!card.published && (
              <Badge color="gray" variant="outline">
                {t("sets.unpublished")}
              </Badge>
            )}
          </Stack>
        </Group>

        {/* A region a keyboard can scroll, for a card wider than a phone (many subjects or terms). */}
        {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must take the focus to be scrolled by keyboard */}
        <section aria-label={t("card.marksTable")} tabIndex={0} style={{ overflowX: "auto" }}>
          <Table
            miw={terms.length > 1 ? 480 : undefined}
            withTableBorder
            withColumnBorders
            striped
            horizontalSpacing={phone ? 4 : 6}
            fz="sm"
            aria-label={t("card.marksTable")}
          >
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t("card.subject")}</Table.Th>
                {terms.map((term) => (
                  <Table.Th key={term.examMasterId}>
                    <bdi>{term.name}</bdi>
                    {term.weight !== null && (
                      <Text span size="xs" c="dimmed" dir="ltr">
                        {" "}
                        ({formatNumber(term.weight)}%)
                      </Text>
                    )}
                  </Table.Th>
                ))}
                {/* The sign alone: the column must fit a phone's width beside the others. */}
                <Table.Th aria-label={t("card.percent")}>%</Table.Th>
                <Table.Th>{t("card.grade")}</Table.Th>
                <Table.Th>{t("card.result")}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {card.subjects.map((s) => (
                <Table.Tr key={s.subjectId} data-testid={`card-subject-${s.subjectId}`}>
                  <Table.Td>
                    <bdi>{s.subjectName}</bdi>
                  </Table.Td>
                  {terms.map((term) => (
                    <Table.Td key={term.examMasterId}>
                      <PaperMarks paper={s.papers.find((p) => p.examMasterId === term.examMasterId)} />
                    </Table.Td>
                  ))}
                  <Table.Td>
                    <span dir="ltr">{percentText(s.percent)}</span>
                  </Table.Td>
                  <Table.Td>
                    <bdi>{s.grade ?? "—"}</bdi>
                  </Table.Td>
                  <Table.Td>
                    <PassBadge passed={s.passed} compact={phone} />
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
            <Table.Tfoot>
              <Table.Tr>
                <Table.Th>{t("card.total")}</Table.Th>
                <Table.Th colSpan={terms.length}>
                  <span dir="ltr">
                    {formatNumber(card.totalMarks)}/{formatNumber(card.totalMax)}
                  </span>
                </Table.Th>
                <Table.Th>
                  <span dir="ltr">{percentText(card.percent)}</span>
                </Table.Th>
                <Table.Th>
                  <bdi>{card.grade ?? "—"}</bdi>
                </Table.Th>
                <Table.Th>
                  <PassBadge passed={card.passed} compact={phone} />
                </Table.Th>
              </Table.Tr>
            </Table.Tfoot>
          </Table>
        </section>
        <CardRule rule="totals" />

        <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="sm">
          <Fact label={t("card.percent")} testId="card-percent">
            <span dir="ltr">{percentText(card.percent)}</span>
          </Fact>
          <Fact label={t("card.grade")} testId="card-grade">
            <bdi>{card.grade ?? "—"}</bdi>
          </Fact>
          <Fact label={t("card.classRank")} testId="card-class-rank">
            {rankText(card.classRank)}
          </Fact>
          <Fact label={t("card.overallRank")}>{rankText(card.overallRank)}</Fact>
        </SimpleGrid>
        <CardRule rule={card.rankRule} />
        <Group gap="lg" wrap="wrap">
          <Text size="sm">
            <Text span fw={600}>
              {t("card.attendance")}:{" "}
            </Text>
            {card.attendance ? (
              t("card.attendanceDays", {
                present: formatNumber(card.attendance.present),
                total: formatNumber(card.attendance.total),
                percent: card.attendance.total ? formatNumber(Math.round((card.attendance.present / card.attendance.total) * 100)) : "0",
              })
            ) : (
              <Text span c="dimmed">
                {t("card.noAttendance")}
              </Text>
            )}
          </Text>
        </Group>
        <div>
          <Text size="sm" fw={600}>
            {t("card.remarks")}
          </Text>
          <Text size="sm" c={card.remarks ? undefined : "dimmed"} style={{ whiteSpace: "pre-wrap" }}>
            {card.remarks ? <bdi dir="auto">{card.remarks}</bdi> : t("card.noRemarks")}
          </Text>
        </div>
        <div>
          <Text size="sm" fw={600}>
            {t("card.gradingRule")}
          </Text>
          <Group gap="xs" mt={4} wrap="wrap">
            {card.scale.bands.map((b) => (
              <Badge key={b.name} variant="outline" color="gray" tt="none">
                <bdi>{b.name}</bdi>:{" "}
                <span dir="ltr">
                  {formatNumber(b.minPercent)}–{formatNumber(b.maxPercent)}%
                </span>
                {b.description ? ` · ${b.description}` : ""}
              </Badge>
            ))}
          </Group>
          <Text size="xs" c="dimmed" mt={4}>
            {t("card.rounding")} {t(`card.scale.${card.scale.source}`)}
          </Text>
        </div>
      </Stack>
    </Paper>
  );
}
