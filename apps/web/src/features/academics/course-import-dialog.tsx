import { Alert, Anchor, Button, Group, Modal, ScrollArea, SimpleGrid, Stack, Table, Text } from "@mantine/core";
import { IconAlertTriangle, IconCircleCheck, IconCloudDownload } from "@tabler/icons-react";
import { type CourseRow, type ImportProblem, importCourseStudents } from "@taleem/contract";
import { useTranslation } from "react-i18next";
import { isApiError } from "../../lib/api";
import { formatNumber } from "../../lib/format";
import { useAction } from "../../lib/use-action";
import { useErrorText } from "../../ui/api-error";
import { iso } from "./isolate";

/** The bad cells of a refused import (400 import.invalid), every one of them. */
function problemsOf(e: unknown): ImportProblem[] {
  if (!isApiError(e) || !Array.isArray(e.params.problems)) return [];
  return e.params.problems as ImportProblem[];
}

function Count({ label, value }: { label: string; value: number }) {
  return (
    <Stack gap={0} align="center">
      <Text fz="xl" fw={700}>
        {formatNumber(value)}
      </Text>
      <Text size="sm" c="dimmed">
        {label}
      </Text>
    </Stack>
  );
}

/**
 * Imports a course's students from its Google Sheets link. The server checks every row first;
 * when any is wrong nothing is written and every problem is listed here by row and column.
 */
export function CourseImportDialog({ course, onClose }: { course: CourseRow | null; onClose: () => void }) {
  const { t } = useTranslation(["academics", "students", "admin"]);
  const errorText = useErrorText();
  // Its declaration refreshes the students, enrolments and classrooms it changes.
  const run = useAction(importCourseStudents);
  const close = () => {
    run.reset();
    onClose();
  };
  const problems = problemsOf(run.error);
  const column = (c: string) => (c ? t([`students:fields.${c}`, `academics:courses.import.columns.${c}`], { defaultValue: c }) : "—");

  return (
    <Modal opened={!!course} onClose={close} title={t("academics:courses.import.title", { name: iso(course?.name) })} size="xl">
      <Stack gap="md">
        <Text size="sm">{t("academics:courses.import.text")}</Text>
        {course?.sheetUrl && (
          <Anchor href={course.sheetUrl} target="_blank" rel="noreferrer" size="sm" dir="ltr" style={{ overflowWrap: "anywhere" }}>
            {course.sheetUrl}
          </Anchor>
        )}
        {run.isSuccess && (
          <Alert color="teal" icon={<IconCircleCheck size={18} />} title={t("academics:courses.import.done")}>
            <SimpleGrid cols={3} mt="sm">
              <Count label={t("academics:courses.import.created")} value={run.data.created} />
              <Count label={t("academics:courses.import.updated")} value={run.data.updated} />
              <Count label={t("academics:courses.import.enrolled")} value={run.data.enrolled} />
            </SimpleGrid>
          </Alert>
        )}
        {run.isError && (
          <Alert color="red" icon={<IconAlertTriangle size={18} />} title={t("academics:courses.import.failed")} role="alert">
            {problems.length ? t("academics:courses.import.problems", { n: formatNumber(problems.length) }) : errorText(run.error)}
          </Alert>
        )}
        {problems.length > 0 && (
          <ScrollArea.Autosize mah={360}>
            <Table striped withTableBorder stickyHeader>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t("academics:courses.import.row")}</Table.Th>
                  <Table.Th>{t("academics:courses.import.column")}</Table.Th>
                  <Table.Th>{t("academics:courses.import.problem")}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {problems.map((p) => (
                  <Table.Tr key={`${p.row}:${p.column}:${p.message}`}>
                    <Table.Td>{formatNumber(p.row)}</Table.Td>
                    <Table.Td>{column(p.column)}</Table.Td>
                    <Table.Td>
                      {/* The server's words (English): an isolated run, aligned like the table. */}
                      <Text size="sm">
                        <bdi>{p.message}</bdi>
                      </Text>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </ScrollArea.Autosize>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={close}>
            {t("admin:actions.close")}
          </Button>
          <Button leftSection={<IconCloudDownload size={16} />} loading={run.isPending} onClick={() => course && run.mutate({ params: { id: course.id } })}>
            {run.isError || run.isSuccess ? t("academics:courses.import.again") : t("academics:courses.import.run")}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
