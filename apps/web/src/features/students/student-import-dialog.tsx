import { Anchor, Button, FileInput, Group, Modal, Stack, Text } from "@mantine/core";
import { IconDownload, IconFileSpreadsheet, IconUpload } from "@tabler/icons-react";
import { actionUrl, importStudentsFile, studentImportProgress, studentImportTemplate } from "@taleem/contract";
import { useMutation } from "@tanstack/react-query";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { api } from "../../lib/api";
import { notify } from "../../lib/notify";
import { readDataUrl } from "../../lib/read-file";
import { useAction } from "../../lib/use-action";
import { useJobProgress } from "../../lib/use-job-progress";
import { useErrorText } from "../../ui/api-error";
import { ImportOutcome, importState } from "../../ui/import-outcome";
import { saveBlob } from "../../ui/resource/list-spreadsheet";

const COUNTS = ["created", "updated", "enrolled", "parentsCreated"] as const;

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
  const state = importState(run, useJobProgress(studentImportProgress, run.data?.job ?? null));
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
  const { failure, result, busy } = state;
  const column = (c: string) => t([`students:fields.${c}`, `students:import.columns.${c}`], { defaultValue: c });

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
        <ImportOutcome state={state} total={run.data?.total ?? 0} texts="students:import" counts={COUNTS} column={column} />
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
