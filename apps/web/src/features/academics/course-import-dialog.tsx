import { Anchor, Button, FileInput, Group, Modal, Stack, Text } from "@mantine/core";
import { IconCloudDownload, IconFileSpreadsheet, IconUpload } from "@tabler/icons-react";
import { type CourseRow, courseImportProgress, importCourseStudents, importCourseStudentsFile } from "@taleem/contract";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { iso } from "../../lib/isolate";
import { readDataUrl } from "../../lib/read-file";
import { useAction } from "../../lib/use-action";
import { useJobProgress } from "../../lib/use-job-progress";
import { ImportOutcome, importState } from "../../ui/import-outcome";

const COUNTS = ["created", "updated", "enrolled"] as const;

/**
 * Imports a course's students from its Google Sheets link, or from an uploaded .xlsx or .csv file
 * with the same columns. The server checks every row first; when any is wrong nothing is written
 * and every problem is listed here by row and column. A good sheet is written by a job on the
 * server (one transaction), whose progress the bar follows.
 */
export function CourseImportDialog({ course, onClose }: { course: CourseRow | null; onClose: () => void }) {
  const { t } = useTranslation(["academics", "students", "admin"]);
  // Their declarations refresh the students, enrolments and classrooms they change.
  const fromSheet = useAction(importCourseStudents);
  const fromFile = useAction(importCourseStudentsFile);
  const [source, setSource] = useState<"sheet" | "file">("sheet");
  const [file, setFile] = useState<File | null>(null);
  const run = source === "sheet" ? fromSheet : fromFile;
  const state = importState(run, useJobProgress(courseImportProgress, run.data?.job ?? null));
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
  const { failure, result, busy } = state;
  const column = (c: string) => t([`students:fields.${c}`, `academics:courses.import.columns.${c}`], { defaultValue: c });

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
        <ImportOutcome
          state={state}
          total={run.data?.total ?? 0}
          texts="academics:courses.import"
          counts={COUNTS}
          column={column}
          note={t("academics:courses.import.writing")}
        />
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
