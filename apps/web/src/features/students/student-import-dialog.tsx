import { Alert, Anchor, Button, FileInput, Group, Modal, Progress, ScrollArea, SimpleGrid, Stack, Table, Text } from "@mantine/core";
import { IconAlertTriangle, IconCircleCheck, IconDownload, IconFileSpreadsheet, IconUpload } from "@tabler/icons-react";
import { actionUrl, type ImportProblem, importStudentsFile, studentImportProgress, studentImportTemplate } from "@taleem/contract";
import { useMutation } from "@tanstack/react-query";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { ApiError, api, isApiError } from "../../lib/api";
import { formatNumber } from "../../lib/format";
import { notify } from "../../lib/notify";
import { readDataUrl } from "../../lib/read-file";
import { useAction } from "../../lib/use-action";
import { useJobProgress } from "../../lib/use-job-progress";
import { useErrorText } from "../../ui/api-error";
import { saveBlob } from "../../ui/resource/list-spreadsheet";

/** The bad cells of a refused import (400 import.invalid, or a job that failed with it). */
const problemsOf = (params: Record<string, unknown> | undefined): ImportProblem[] =>
  Array.isArray(params?.problems) ? (params.problems as ImportProblem[]) : [];

/**
 * Imports the school's students from an .xlsx or .csv file (the template's columns: guardians,
 * classroom, the school's own fields). The server checks every row first: when any is wrong,
 * nothing is written and each bad row is listed with its reason. A good file is written by a job
 * in one transaction, followed by the bar.
 */
export function StudentImportDialog({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const { t } = useTranslation(["students", "admin"]);
  const errorText = useErrorText();
  const run = useAction(importStudentsFile);
  const [file, setFile] = useState<File | null>(null);
  const { progress, running, lost } = useJobProgress(studentImportProgress, run.data?.job ?? null);
  const template = useMutation({
    mutationFn: () => api.download(actionUrl(studentImportTemplate, {}), undefined, "students-import-template.xlsx"),
    onSuccess: ({ blob, filename }) => saveBlob(blob, filename),
    onError: (e) => notify.error(`${t("students:import.templateFailed")} ${errorText(e)}`),
  });
  const close = () => {
    run.reset();
    setFile(null);
    onClose();
  };
  const start = async () => {
    if (file) run.mutate({ body: { fileName: file.name, data: await readDataUrl(file) } });
  };
  // A job's error is a refused call's reply, as the call would have thrown it (code, words, rows).
  const jobError = progress?.error ? new ApiError(400, progress.error.message, progress.error.code, progress.error.params) : null;
  const failure = run.error ?? lost ?? jobError;
  const problems = problemsOf(isApiError(failure) ? failure.params : undefined);
  const result = progress?.state === "done" ? progress.result : null;
  const busy = run.isPending || running;
  const done = progress?.done ?? 0;
  const total = run.data?.total ?? 0;
  const column = (c: string) => (c ? t([`students:fields.${c}`, `students:import.columns.${c}`], { defaultValue: c }) : "—");

  return (
    <Modal opened={opened} onClose={close} title={t("students:import.title")} size="xl">
      <Stack gap="md">
        <Text size="sm">{t("students:import.text")}</Text>
        <Anchor component="button" type="button" size="sm" onClick={() => template.mutate()} disabled={template.isPending}>
          <Group gap={4} component="span">
            <IconDownload size={14} />
            {t("students:import.template")}
          </Group>
        </Anchor>
        <FileInput
          label={t("students:import.file")}
          description={t("students:import.fileHint")}
          placeholder=".xlsx, .csv"
          accept=".xlsx,.csv,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
          leftSection={<IconFileSpreadsheet size={16} />}
          value={file}
          onChange={(f) => {
            run.reset();
            setFile(f);
          }}
          clearable
          disabled={busy}
        />
        {running && total > 0 && (
          <Stack gap={4}>
            <Progress
              value={done ? (done / total) * 100 : 100}
              size="lg"
              animated
              color={done ? undefined : "gray"}
              aria-label={t("students:import.progressLabel")}
            />
            <Text size="sm" c="dimmed" aria-live="polite">
              {done
                ? t("students:import.progress", { done: formatNumber(done), total: formatNumber(total) })
                : t("students:import.saving", { total: formatNumber(total) })}
            </Text>
          </Stack>
        )}
        {result && (
          <Alert color="teal" icon={<IconCircleCheck size={18} />} title={t("students:import.done")}>
            <SimpleGrid cols={{ base: 2, sm: 4 }} mt="sm">
              {(["created", "updated", "enrolled", "parentsCreated"] as const).map((k) => (
                <Stack key={k} gap={0} align="center">
                  <Text fz="xl" fw={700}>
                    {formatNumber(result[k])}
                  </Text>
                  <Text size="sm" c="dimmed" ta="center">
                    {t(`students:import.counts.${k}`)}
                  </Text>
                </Stack>
              ))}
            </SimpleGrid>
          </Alert>
        )}
        {failure && (
          <Alert color="red" icon={<IconAlertTriangle size={18} />} title={t("students:import.failed")} role="alert">
            {problems.length ? t("students:import.problems", { n: formatNumber(problems.length) }) : errorText(failure)}
          </Alert>
        )}
        {problems.length > 0 && (
          <ScrollArea.Autosize mah={360}>
            <Table striped withTableBorder stickyHeader aria-label={t("students:import.problemsLabel")}>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t("students:import.row")}</Table.Th>
                  <Table.Th>{t("students:import.column")}</Table.Th>
                  <Table.Th>{t("students:import.problem")}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {problems.map((p) => (
                  <Table.Tr key={`${p.row}:${p.column}:${p.message}`}>
                    <Table.Td>{formatNumber(p.row)}</Table.Td>
                    <Table.Td>{column(p.column)}</Table.Td>
                    <Table.Td>
                      {/* The server's words (English): an isolated run. */}
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
          <Button leftSection={<IconUpload size={16} />} disabled={!file || busy} loading={busy} onClick={start}>
            {failure || result ? t("students:import.again") : t("students:import.run")}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
