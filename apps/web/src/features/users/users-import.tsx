import { Alert, Anchor, Badge, Button, Group, Modal, ScrollArea, Stack, Table, Text } from "@mantine/core";
import { Dropzone } from "@mantine/dropzone";
import { type ImportRowError, importUsers, USER_IMPORT_MAX_ROWS } from "@taleem/contract";
import "@mantine/dropzone/styles.css";
import { useMediaQuery } from "@mantine/hooks";
import { IconAlertTriangle, IconDownload, IconFileSpreadsheet, IconUpload, IconX } from "@tabler/icons-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { isApiError } from "../../lib/api";
import { formatNumber } from "../../lib/format";
import { notify } from "../../lib/notify";
import { useAction } from "../../lib/use-action";
import { useErrorText } from "../../ui/api-error";
import { IMPORT_COLUMNS, type ImportColumn, type ImportRow, mapHeaders, toImportRows } from "./import-rows";
import { readSpreadsheet, SpreadsheetError, toCsv } from "./spreadsheet";

const ACCEPT = {
  "text/csv": [".csv"],
  "application/vnd.ms-excel": [".csv"],
  "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet": [".xlsx"],
};
const PREVIEW_ROWS = 100;

/**
 * Import people from a spreadsheet (xlsx or csv), read in the browser: the rows are shown
 * before anything is sent, and the server takes all of them or none, naming every bad row.
 */
export function UsersImport({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const { t } = useTranslation(["users", "admin"]);
  const phone = useMediaQuery("(max-width: 48em)");
  const errorText = useErrorText();
  const [file, setFile] = useState<string | null>(null);
  const [rows, setRows] = useState<ImportRow[]>([]);
  const [unknown, setUnknown] = useState<string[]>([]);
  const [readError, setReadError] = useState<string | null>(null);
  const [rowErrors, setRowErrors] = useState<ImportRowError[]>([]);
  const label = (c: ImportColumn) => t(`users:fields.${c === "role" ? "roleId" : c}`);

  const upload = useAction(importUsers);
  function submit() {
    setRowErrors([]);
    notify.info(t("users:import.importing", { n: formatNumber(rows.length) }));
    upload.mutate(
      { body: { rows } },
      {
        onSuccess: (reply) => {
          notify.success(t("users:import.done", { n: formatNumber(reply.count) }));
          close();
        },
        onError: (e) => {
          if (isApiError(e) && Array.isArray(e.params.errors)) setRowErrors(e.params.errors as ImportRowError[]);
          notify.error(`${t("users:import.failed")} ${errorText(e)}`);
        },
      },
    );
  }

  function reset() {
    setFile(null);
    setRows([]);
    setUnknown([]);
    setReadError(null);
    setRowErrors([]);
  }
  function close() {
    reset();
    onClose();
  }

  async function read(f: File) {
    reset();
    try {
      const cells = await readSpreadsheet(f);
      const columns = mapHeaders(cells[0]!, label);
      if (!columns.includes("name")) {
        setReadError(t("users:import.noNameColumn"));
        return;
      }
      const parsed = toImportRows(cells, columns);
      if (parsed.length > USER_IMPORT_MAX_ROWS) {
        setReadError(t("users:import.tooMany", { max: formatNumber(USER_IMPORT_MAX_ROWS) }));
        return;
      }
      setFile(f.name);
      setRows(parsed);
      setUnknown(cells[0]!.filter((h, i) => !columns[i] && h.trim() !== ""));
    } catch (e) {
      const reason = e instanceof SpreadsheetError ? e.reason : "unreadable";
      setReadError(t(`users:import.read.${reason}`));
    }
  }

  function downloadTemplate() {
    const csv = toCsv([
      [...IMPORT_COLUMNS],
      ["Aisha Rahman", "+919800000101", "", "aisha@example.com", "Parent", "en", ""],
      ["Yusuf Ali", "", "yusuf.ali", "", "Staff", "ml", "Change-Me-2026"],
    ]);
    const url = URL.createObjectURL(new Blob([csv], { type: "text/csv;charset=utf-8" }));
    const a = Object.assign(document.createElement("a"), { href: url, download: "users-template.csv" });
    a.click();
    URL.revokeObjectURL(url);
  }

  const badRows = new Set(rowErrors.map((e) => e.row));
  const shownColumns = IMPORT_COLUMNS.filter((c) => rows.some((r) => r[c]));

  return (
    <Modal
      closeButtonProps={{ "aria-label": t("admin:actions.close") }}
      opened={opened}
      onClose={close}
      title={t("users:import.title")}
      size="xl"
      fullScreen={phone}
    >
      <Stack gap="md">
        <Text size="sm">{t("users:import.intro")}</Text>
        <Group gap="xs">
          <Anchor component="button" type="button" size="sm" onClick={downloadTemplate}>
            <Group gap={4} wrap="nowrap">
              <IconDownload size={14} />
              {t("users:import.template")}
            </Group>
          </Anchor>
        </Group>
        <Dropzone
          onDrop={(files) => files[0] && void read(files[0])}
          onReject={() => setReadError(t("users:import.read.type"))}
          accept={ACCEPT}
          maxFiles={1}
          multiple={false}
          maxSize={5 * 1024 * 1024}
        >
          <Group justify="center" gap="md" mih={110} style={{ pointerEvents: "none" }}>
            <Dropzone.Accept>
              <IconUpload size={40} stroke={1.5} />
            </Dropzone.Accept>
            <Dropzone.Reject>
              <IconX size={40} stroke={1.5} />
            </Dropzone.Reject>
            <Dropzone.Idle>
              <IconFileSpreadsheet size={40} stroke={1.5} />
            </Dropzone.Idle>
            <div>
              <Text fw={600}>{file ?? t("users:import.drop")}</Text>
              <Text size="sm" c="dimmed">
                {t("users:import.dropHint")}
              </Text>
            </div>
          </Group>
        </Dropzone>
        {readError && (
          <Alert color="red" icon={<IconAlertTriangle size={18} />} role="alert">
            {readError}
          </Alert>
        )}
        {unknown.length > 0 && (
          <Alert color="yellow" variant="light">
            {t("users:import.ignored", { columns: unknown.join(", ") })}
          </Alert>
        )}
        {rowErrors.length > 0 && (
          <Alert color="red" icon={<IconAlertTriangle size={18} />} title={t("users:import.badRows", { n: formatNumber(badRows.size) })} role="alert">
            <Text size="sm" mb="xs">
              {t("users:import.nothingImported")}
            </Text>
            <ScrollArea.Autosize mah={200}>
              <Table withRowBorders={false} verticalSpacing={2}>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>{t("users:import.row")}</Table.Th>
                    <Table.Th>{t("users:import.field")}</Table.Th>
                    <Table.Th>{t("users:import.problem")}</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {rowErrors.map((e) => (
                    <Table.Tr key={`${e.row}-${e.field}-${e.message}`}>
                      <Table.Td>{formatNumber(e.row)}</Table.Td>
                      <Table.Td>{(IMPORT_COLUMNS as readonly string[]).includes(e.field) ? label(e.field as ImportColumn) : e.field}</Table.Td>
                      <Table.Td>{e.message}</Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </ScrollArea.Autosize>
          </Alert>
        )}
        {rows.length > 0 && (
          <>
            <Group justify="space-between">
              <Text fw={600}>{t("users:import.preview", { n: formatNumber(rows.length) })}</Text>
              {rows.length > PREVIEW_ROWS && (
                <Text size="sm" c="dimmed">
                  {t("users:import.previewFirst", { n: formatNumber(PREVIEW_ROWS) })}
                </Text>
              )}
            </Group>
            <Table.ScrollContainer minWidth={600} maxHeight={320}>
              <Table striped stickyHeader verticalSpacing={4}>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>#</Table.Th>
                    {shownColumns.map((c) => (
                      <Table.Th key={c}>{label(c)}</Table.Th>
                    ))}
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {rows.slice(0, PREVIEW_ROWS).map((r, i) => (
                    // biome-ignore lint/suspicious/noArrayIndexKey: a spreadsheet row is known by its number.
                    <Table.Tr key={i} bg={badRows.has(i + 1) ? "var(--mantine-color-red-light)" : undefined}>
                      <Table.Td>
                        {badRows.has(i + 1) ? (
                          <Badge color="red" size="sm">
                            {formatNumber(i + 1)}
                          </Badge>
                        ) : (
                          formatNumber(i + 1)
                        )}
                      </Table.Td>
                      {shownColumns.map((c) => (
                        <Table.Td key={c} dir={c === "mobile" || c === "email" ? "ltr" : undefined}>
                          {c === "password" && r[c] ? "••••••" : r[c]}
                        </Table.Td>
                      ))}
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
          </>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={close} disabled={upload.isPending}>
            {t("admin:actions.cancel")}
          </Button>
          <Button leftSection={<IconUpload size={16} />} disabled={!rows.length} loading={upload.isPending} onClick={submit}>
            {t("users:import.submit", { n: formatNumber(rows.length) })}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
