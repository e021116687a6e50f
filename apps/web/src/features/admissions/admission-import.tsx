import { Alert, Anchor, Button, FileInput, Group, Loader, Modal, ScrollArea, Stack, Table, Text } from "@mantine/core";
import { useMediaQuery } from "@mantine/hooks";
import { IconAlertTriangle, IconFileSpreadsheet, IconTableImport } from "@tabler/icons-react";
import { type ActionReply, getFormCustomisation, importAdmissions, importAdmissionsFromSheet } from "@taleem/contract";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { isApiError } from "../../lib/api";
import { formatNumber } from "../../lib/format";
import { notify } from "../../lib/notify";
import { readDataUrl } from "../../lib/read-file";
import { callAction, refreshAfter, useActionQuery } from "../../lib/use-action";
import { useErrorText } from "../../ui/api-error";
import { useAreaPath } from "../../ui/area-path";

type ImportReply = ActionReply<typeof importAdmissions>;
interface Problem {
  row: number;
  column: string;
  message: string;
}

const MAX_BYTES = 8 * 1024 * 1024;

/**
 * What an import did, or every row it refused: the server takes all rows or none. A mutation of
 * its own (not `useAction`): the file is read before the call, inside the same pending state.
 */
function useImport(send: () => Promise<ImportReply>, onDone: () => void) {
  const { t } = useTranslation("admissions");
  const qc = useQueryClient();
  const errorText = useErrorText();
  const [problems, setProblems] = useState<Problem[]>([]);
  const mutation = useMutation({
    mutationFn: send,
    onMutate: () => {
      setProblems([]);
      notify.info(t("import.importing"));
    },
    onSuccess: (r) => {
      notify.success(t("import.done", { created: formatNumber(r.created), skipped: formatNumber(r.skipped) }));
      void refreshAfter(qc, importAdmissions);
      onDone();
    },
    onError: (e) => {
      if (isApiError(e) && Array.isArray(e.params.problems)) setProblems(e.params.problems as Problem[]);
      notify.error(`${t("import.failed")} ${errorText(e)}`);
    },
  });
  return { mutation, problems, reset: () => setProblems([]) };
}

/** Every refused row with its column and what is wrong (the header is row 1). */
function ProblemList({ problems }: { problems: Problem[] }) {
  const { t } = useTranslation("admissions");
  if (!problems.length) return null;
  return (
    <Alert color="red" variant="light" icon={<IconAlertTriangle size={18} />} title={t("import.problems", { n: formatNumber(problems.length) })}>
      <ScrollArea.Autosize mah={260}>
        <Table striped withRowBorders={false} verticalSpacing={4} data-testid="import-problems">
          <Table.Thead>
            <Table.Tr>
              <Table.Th w={70}>{t("import.row")}</Table.Th>
              <Table.Th w={140}>{t("import.column")}</Table.Th>
              <Table.Th>{t("import.problem")}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {problems.map((p) => (
              <Table.Tr key={`${p.row}-${p.column}-${p.message}`}>
                <Table.Td>{formatNumber(p.row)}</Table.Td>
                <Table.Td className="ltr-value">{p.column}</Table.Td>
                <Table.Td dir="ltr" style={{ textAlign: "start" }}>
                  {p.message}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </ScrollArea.Autosize>
    </Alert>
  );
}

/** Applications from an Excel (.xlsx) or CSV file, sent as base64. */
export function AdmissionImportDialog({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const { t } = useTranslation(["admissions", "admin"]);
  const phone = useMediaQuery("(max-width: 48em)");
  const [file, setFile] = useState<File | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);
  const close = () => {
    setFile(null);
    setFileError(null);
    reset();
    onClose();
  };
  const { mutation, problems, reset } = useImport(async () => {
    const data = await readDataUrl(file!);
    return callAction(importAdmissions, { body: { fileName: file!.name, data } });
  }, close);

  const pick = (f: File | null) => {
    reset();
    setFileError(null);
    if (f && !/\.(csv|xlsx)$/i.test(f.name)) {
      setFile(null);
      setFileError(t("admissions:import.badType"));
      return;
    }
    if (f && f.size > MAX_BYTES) {
      setFile(null);
      setFileError(t("admissions:import.tooLarge", { size: "8 MB" }));
      return;
    }
    setFile(f);
  };

  return (
    <Modal
      opened={opened}
      onClose={close}
      title={t("admissions:import.fileTitle")}
      size="lg"
      fullScreen={phone}
      closeButtonProps={{ "aria-label": t("admin:actions.close") }}
    >
      <Stack gap="md">
        <Text size="sm">{t("admissions:import.fileHelp")}</Text>
        <Text size="xs" c="dimmed" className="ltr-value" dir="ltr">
          name, guardianName, guardianMobile, nameNative, gender, dateOfBirth, course, previousSchool, email, mobile, address, guardianEmail, guardianRelation,
          guardianLanguage
        </Text>
        <FileInput
          label={t("admissions:import.file")}
          placeholder={t("admissions:import.choose")}
          accept=".csv,.xlsx,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
          value={file}
          onChange={pick}
          error={fileError}
          leftSection={<IconFileSpreadsheet size={16} />}
          clearable
          name="admission-file"
        />
        <ProblemList problems={problems} />
        <Group justify="flex-end">
          <Button variant="default" onClick={close} disabled={mutation.isPending}>
            {t("admin:actions.cancel")}
          </Button>
          <Button onClick={() => mutation.mutate()} disabled={!file} loading={mutation.isPending} leftSection={<IconTableImport size={16} />}>
            {t("admissions:import.start")}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

/** Applications from the Google Sheet linked in the admission form's settings. */
export function SheetImportDialog({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const { t } = useTranslation(["admissions", "admin"]);
  const to = useAreaPath();
  const errorText = useErrorText();
  const form = useActionQuery(getFormCustomisation, { params: { id: "admission" } }, { enabled: opened });
  const saved = form.data?.data;
  const close = () => {
    reset();
    onClose();
  };
  const id = saved?.id;
  const sheetUrl = saved?.config.sheetUrl;
  const { mutation, problems, reset } = useImport(() => callAction(importAdmissionsFromSheet, { params: { id: id! } }), close);

  return (
    <Modal opened={opened} onClose={close} title={t("admissions:import.sheetTitle")} size="lg" closeButtonProps={{ "aria-label": t("admin:actions.close") }}>
      <Stack gap="md">
        {form.isPending && <Loader size="sm" />}
        {form.isError && <Alert color="red">{errorText(form.error)}</Alert>}
        {saved && (!id || !sheetUrl) && (
          <Alert color="yellow" title={t("admissions:import.noSheet")}>
            <Stack gap="xs" align="flex-start">
              <Text size="sm">{t("admissions:import.noSheetText")}</Text>
              <Anchor component={Link} to={to("admission-form")} size="sm" onClick={close}>
                {t("admissions:import.toSettings")}
              </Anchor>
            </Stack>
          </Alert>
        )}
        {id && sheetUrl && (
          <>
            <Text size="sm">{t("admissions:import.sheetHelp")}</Text>
            <Anchor href={sheetUrl} target="_blank" rel="noopener noreferrer" size="sm" className="ltr-value" style={{ overflowWrap: "anywhere" }}>
              {sheetUrl}
            </Anchor>
          </>
        )}
        <ProblemList problems={problems} />
        <Group justify="flex-end">
          <Button variant="default" onClick={close} disabled={mutation.isPending}>
            {t("admin:actions.cancel")}
          </Button>
          <Button onClick={() => mutation.mutate()} disabled={!id || !sheetUrl} loading={mutation.isPending} leftSection={<IconTableImport size={16} />}>
            {t("admissions:import.start")}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
