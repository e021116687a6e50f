import { Group, Paper, SegmentedControl, Text, TextInput } from "@mantine/core";
import type { ExamStudent } from "@taleem/contract";
import { type KeyboardEvent, memo } from "react";
import { useTranslation } from "react-i18next";
import { nameForReader } from "../../../lib/reader-name";
import { CutText } from "../cut-text";
import { ABSENT, type Cell, EXEMPT, normalise, readCell } from "./marks-entry";

interface Props {
  student: ExamStudent;
  index: number;
  cell: Cell;
  maxMarks: number;
  changed: boolean;
  disabled: boolean;
  onChange(studentId: number, cell: Cell): void;
  /** Moves the focus to the row `by` away (1 next, -1 back); past the last row, to the save button. */
  onMove(index: number, by: 1 | -1): void;
}

/** The input of the row at `index`, for moving between rows by keyboard. */
export const markInputId = (index: number) => `mark-input-${index}`;

/**
 * One student in the marks grid: the mark typed (a number, or "a" / "e" for absent / exempt),
 * the problem said at once under a wrong mark, and a control for absent and exempt that a
 * phone's number pad cannot type.
 */
export const MarksRow = memo(function MarksRow({ student, index, cell, maxMarks, changed, disabled, onChange, onMove }: Props) {
  const { t, i18n } = useTranslation("exams");
  const reading = readCell(cell, maxMarks);
  const problem = reading.kind === "error" ? t(`marks.problem.${reading.problem}`, { max: maxMarks }) : undefined;
  const name = nameForReader(student, i18n.language);
  const status = cell === ABSENT ? "absent" : cell === EXEMPT ? "exempt" : "present";

  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key === "Enter" || e.key === "Tab") {
      e.preventDefault();
      onMove(index, e.shiftKey ? -1 : 1);
    } else if (e.key === "ArrowDown") {
      e.preventDefault();
      onMove(index, 1);
    } else if (e.key === "ArrowUp") {
      e.preventDefault();
      onMove(index, -1);
    }
  };

  return (
    <Paper
      withBorder
      p="xs"
      radius="md"
      data-testid={`marks-row-${student.studentId}`}
      data-wrong={problem ? true : undefined}
      style={problem ? { borderColor: "var(--mantine-color-red-6)" } : changed ? { borderColor: "var(--mantine-color-blue-4)" } : undefined}
    >
      <Group justify="space-between" wrap="wrap" gap="xs" align="flex-start">
        <div style={{ minWidth: 0, flex: "1 1 140px" }}>
          <CutText fw={600}>
            {name}
            {student.rollNo !== null ? <Text span c="dimmed" size="sm" dir="ltr">{` #${student.rollNo}`}</Text> : null}
          </CutText>
          <Text size="xs" c="dimmed" truncate>
            <span dir="ltr">{student.admissionNo}</span>
            {name !== student.name ? (
              <>
                {" · "}
                <bdi>{student.name}</bdi>
              </>
            ) : null}
          </Text>
        </div>
        <Group gap="xs" wrap="nowrap" align="flex-start">
          {/* "37 /50" reads left to right in every script: the maximum stays at the number's right. */}
          <div dir="ltr" style={{ display: "flex", alignItems: "center", gap: 4 }}>
            <TextInput
              id={markInputId(index)}
              data-testid={`mark-${student.studentId}`}
              aria-label={t("marks.markOf", { name: student.name, max: maxMarks })}
              aria-describedby={problem ? `${markInputId(index)}-problem` : undefined}
              value={cell}
              onChange={(e) => onChange(student.studentId, normalise(e.currentTarget.value))}
              onKeyDown={onKeyDown}
              onFocus={(e) => e.currentTarget.select()}
              inputMode="decimal"
              autoComplete="off"
              enterKeyHint="next"
              disabled={disabled}
              error={!!problem}
              w={88}
              size="md"
              styles={{ input: { textAlign: "center", fontWeight: 600, minHeight: 44 } }}
            />
            <Text size="sm" c="dimmed" aria-hidden>
              /{maxMarks}
            </Text>
          </div>
          <SegmentedControl
            size="sm"
            aria-label={t("marks.statusOf", { name: student.name })}
            data-testid={`status-${student.studentId}`}
            disabled={disabled}
            value={status}
            onChange={(v) => onChange(student.studentId, v === "absent" ? ABSENT : v === "exempt" ? EXEMPT : "")}
            data={[
              { value: "present", label: t("marks.present") },
              { value: "absent", label: t("marks.absentShort") },
              { value: "exempt", label: t("marks.exemptShort") },
            ]}
            styles={{ label: { minHeight: 32, display: "flex", alignItems: "center" } }}
          />
        </Group>
      </Group>
      {problem && (
        <Text id={`${markInputId(index)}-problem`} size="sm" c="red.9" fw={600} mt={4}>
          {problem}
        </Text>
      )}
    </Paper>
  );
});
