import { Alert, Anchor, Button, FileInput, Group, Modal, Progress, ScrollArea, SimpleGrid, Stack, Table, Text } from "@mantine/core";
import { IconAlertTriangle, IconCircleCheck, IconCloudDownload, IconFileSpreadsheet, IconUpload } from "@tabler/icons-react";
import { type CourseRow, courseImportProgress, type ImportProblem, importCourseStudents, importCourseStudentsFile } from "@taleem/contract";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { ApiError, isApiError } from "../../lib/api";
import { formatNumber } from "../../lib/format";
import { readDataUrl } from "../../lib/read-file";
import { useAction } from "../../lib/use-action";
import { useJobProgress } from "../../lib/use-job-progress";
import { useErrorText } from "../../ui/api-error";
import { iso } from "./isolate";

/** The bad cells of a refused import (400 import.invalid, or a job that failed with it), every one of them. */
function problemsOf(params: Record<string, unknown> | undefined): ImportProblem[] {
  return Array.isArray(params?.problems) ? (params.problems as ImportProblem[]) : [];
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
 * Imports a course's students from its Google Sheets link, or from an uploaded .xlsx or .csv file
 * with the same columns. The server checks every row first; when any is wrong nothing is written
 * and every problem is listed here by row and column. A good sheet is written by a job on the
 * server (one transaction), whose progress the bar follows.
 */
export function CourseImportDialog({ course, onClose }: { course: CourseRow | null; onClose: () => void }) {
  const { t } = useTranslation(["academics", "students", "admin"]);
  const errorText = useErrorText();
  // Their declarations refresh the students, enrolments and classrooms they change.
  const fromSheet = useAction(importCourseStudents);
  const fromFile = useAction(importCourseStudentsFile);
  const [source, setSource] = useState<"sheet" | "file">("sheet");
  const [file, setFile] = useState<File | null>(null);
  const run = source === "sheet" ? fromSheet : fromFile;
  const { progress, running, lost } = useJobProgress(courseImportProgress, run.data?.job ?? null);
  const close = () => {
    fromSheet.reset();
    fromFile.reset();
    setFile(null);
    onClose();
  };
  const importSheet = () => {
    if (!course) return;
    setSource("sheet");
    fromFile.reset();
    fromSheet.mutate({ params: { id: course.id } });
  };
  const importFile = async () => {
    if (!course || !file) return;
    setSource("file");
    fromSheet.reset();
    fromFile.mutate({ params: { id: course.id }, body: { fileName: file.name, data: await readDataUrl(file) } });
  };
  // A job's error is a refused call's reply, as the call would have thrown it (code, words, rows).
  const jobError = progress?.error ? new ApiError(400, progress.error.message, progress.error.code, progress.error.params) : null;
  const failure = run.error ?? lost ?? jobError;
  const problems = problemsOf(isApiError(failure) ? failure.params : undefined);
  const result = progress?.state === "done" ? progress.result : null;
  const busy = run.isPending || running;
  const done = progress?.done ?? 0;
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
        <Group align="flex-end" gap="sm">
          <FileInput
            style={{ flex: 1 }}
            label={t("academics:courses.import.file")}
            description={t("academics:courses.import.fileHint")}
            placeholder=".xlsx, .csv"
            accept=".xlsx,.csv,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
            leftSection={<IconFileSpreadsheet size={16} />}
            value={file}
            onChange={setFile}
            clearable
            disabled={busy}
          />
          <Button variant="light" leftSection={<IconUpload size={16} />} disabled={!file || busy} loading={busy && source === "file"} onClick={importFile}>
            {t("academics:courses.import.runFile")}
          </Button>
        </Group>
        {running && run.data && (
          <Stack gap={4}>
            {/* Until the first rows are saved (on the embedded database the first answer waits for
                the whole write), the bar says only that work goes on, not how far. */}
            <Progress
              value={done ? (done / run.data.total) * 100 : 100}
              size="lg"
              animated
              color={done ? undefined : "gray"}
              aria-label={t("academics:courses.import.progressLabel")}
            />
            <Text size="sm" c="dimmed" aria-live="polite">
              {done
                ? t("academics:courses.import.progress", { done: formatNumber(done), total: formatNumber(run.data.total) })
                : t("academics:courses.import.saving", { total: formatNumber(run.data.total) })}
            </Text>
            <Text size="xs" c="dimmed">
              {t("academics:courses.import.writing")}
            </Text>
          </Stack>
        )}
        {result && (
          <Alert color="teal" icon={<IconCircleCheck size={18} />} title={t("academics:courses.import.done")}>
            <SimpleGrid cols={3} mt="sm">
              <Count label={t("academics:courses.import.created")} value={result.created} />
              <Count label={t("academics:courses.import.updated")} value={result.updated} />
              <Count label={t("academics:courses.import.enrolled")} value={result.enrolled} />
            </SimpleGrid>
          </Alert>
        )}
        {failure && (
          <Alert color="red" icon={<IconAlertTriangle size={18} />} title={t("academics:courses.import.failed")} role="alert">
            {problems.length ? t("academics:courses.import.problems", { n: formatNumber(problems.length) }) : errorText(failure)}
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
          <Button
            leftSection={<IconCloudDownload size={16} />}
            disabled={!course?.sheetUrl || (busy && source === "file")}
            loading={busy && source === "sheet"}
            onClick={importSheet}
          >
            {(failure || result) && source === "sheet" ? t("academics:courses.import.again") : t("academics:courses.import.run")}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
