import { ActionIcon, Alert, Anchor, Badge, Button, Group, Modal, Paper, Select, Stack, Table, Text, Title, Tooltip } from "@mantine/core";
import { useMediaQuery } from "@mantine/hooks";
import { IconAlertCircle, IconEye, IconPlus, IconTrash } from "@tabler/icons-react";
import {
  addCustomRecordData,
  type CustomRecordDetail,
  type CustomRecordEntry,
  customRecordData,
  customRecordDetail,
  deleteCustomRecordData,
} from "@taleem/contract";
import { keepPreviousData } from "@tanstack/react-query";
import { type FormEvent, type ReactNode, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, useParams } from "react-router";
import type { z } from "zod";
import { isApiError } from "../../lib/api";
import { formatDateTime, formatNumber } from "../../lib/format";
import { notify } from "../../lib/notify";
import { usePublicAddress } from "../../lib/public-address";
import { checkValues, customData, type FormField, fieldErrors, localised, recordFieldOf, type Values } from "../../lib/public-form";
import { useAction, useActionQuery } from "../../lib/use-action";
import { useErrorText } from "../../ui/api-error";
import { useAreaPath } from "../../ui/area-path";
import { ConfirmDialog } from "../../ui/confirm-dialog";
import { FormFieldInput } from "../../ui/form-field";
import { ListPagination } from "../../ui/list-pagination";
import { EmptyList, FailureState, LoadingState } from "../../ui/list-states";
import { useCan } from "../../ui/use-can";
import { apiAddress } from "./records-page";

type Detail = z.infer<typeof CustomRecordDetail>;
type StoredFile = { path: string; name: string };
const PAGE = 25;
const SHOWN_COLUMNS = 5;

const isStored = (v: unknown): v is StoredFile => typeof v === "object" && v !== null && "path" in v;

function Value({ value, field }: { value: unknown; field?: FormField }) {
  const { i18n } = useTranslation();
  const lng = i18n.resolvedLanguage ?? "en";
  if (value === null || value === undefined || value === "")
    return (
      <Text span c="dimmed">
        —
      </Text>
    );
  if (isStored(value)) return <bdi>{value.name}</bdi>;
  const option = (x: unknown) => {
    const o = field?.options.find((p) => p.value === x);
    return o ? localised(o.labels, lng, o.value) : String(x);
  };
  if (Array.isArray(value)) return <bdi>{value.map(option).join(", ")}</bdi>;
  if (field?.kind === "choice") return <bdi>{option(value)}</bdi>;
  if (typeof value === "number") return <>{formatNumber(value)}</>;
  return <bdi>{String(value)}</bdi>;
}

/** Adds one row to a record type, checked against its fields (files go inline). */
function AddRowDialog({ record, opened, onClose }: { record: Detail; opened: boolean; onClose: () => void }) {
  const { t, i18n } = useTranslation(["forms", "admin"]);
  const phone = useMediaQuery("(max-width: 48em)");
  const errorText = useErrorText();
  const [values, setValues] = useState<Values>({});
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const add = useAction(addCustomRecordData);
  const send = () =>
    add.mutate(
      { body: { recordId: record.id, data: customData(record.fields, values) } },
      {
        onSuccess: () => {
          notify.success(t("forms:records.rowAdded"));
          setValues({});
          onClose();
        },
        onError: (e) => {
          const say = { lng: i18n.resolvedLanguage ?? "en", t: (k: string) => t(`forms:${k}`), whole: errorText };
          setErrors(isApiError(e) ? fieldErrors(e, record.fields, recordFieldOf, say) : {});
          setFormError(errorText(e));
        },
      },
    );
  function submit(e: FormEvent) {
    e.preventDefault();
    setFormError(null);
    const problems = checkValues(record.fields, values);
    const next = Object.fromEntries(Object.entries(problems).map(([k, p]) => [k, t(`forms:apply.errors.${p.key}`, p.params)]));
    setErrors(next);
    if (!Object.keys(next).length) send();
  }
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={t("forms:records.addRow", { name: record.name })}
      size="lg"
      fullScreen={phone}
      closeButtonProps={{ "aria-label": t("admin:actions.close") }}
    >
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          {formError && (
            <Alert color="red" icon={<IconAlertCircle size={18} />} role="alert">
              {formError}
            </Alert>
          )}
          {record.fields.map((f) => (
            <FormFieldInput
              key={f.key}
              field={f}
              value={values[f.key]}
              onChange={(v) => {
                setValues((old) => ({ ...old, [f.key]: v }));
                setErrors(({ [f.key]: _gone, ...rest }) => rest);
              }}
              error={errors[f.key]}
              disabled={add.isPending}
            />
          ))}
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onClose} disabled={add.isPending}>
              {t("admin:actions.cancel")}
            </Button>
            <Button type="submit" loading={add.isPending}>
              {t("forms:records.save")}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

/** The rows one record type collected, newest first, with the way to add one by hand. */
export function RecordRowsPage() {
  const { t, i18n } = useTranslation(["forms", "admin"]);
  const pageAddress = usePublicAddress();
  const lng = i18n.resolvedLanguage ?? "en";
  const id = Number(useParams().id);
  const to = useAreaPath();
  const allowed = useCan();
  const errorText = useErrorText();
  const [page, setPage] = useState(1);
  const [source, setSource] = useState<CustomRecordEntry["source"] | null>(null);
  const [adding, setAdding] = useState(false);
  const [viewing, setViewing] = useState<CustomRecordEntry | null>(null);
  const [deleting, setDeleting] = useState<CustomRecordEntry | null>(null);
  const record = useActionQuery(customRecordDetail, { params: { id } }, { enabled: id > 0 });
  const rows = useActionQuery(
    customRecordData,
    { query: { recordId: id, page, limit: PAGE, source: source ?? undefined } },
    { enabled: id > 0, placeholderData: keepPreviousData },
  );
  const remove = useAction(deleteCustomRecordData);
  const removeRow = (rowId: number) =>
    remove.mutate(
      { params: { id: rowId } },
      {
        onSuccess: () => {
          notify.success(t("forms:records.rowDeleted"));
          setDeleting(null);
        },
        onError: (e) => notify.error(`${t("forms:records.rowDeleteFailed")} ${errorText(e)}`),
      },
    );

  if (record.isPending) return <LoadingState text={t("forms:records.loading")} />;
  if (record.isError) return <FailureState reason={errorText(record.error)} onRetry={() => void record.refetch()} />;
  const r = record.data.data;
  const fieldLabel = (f: FormField) => localised(f.labels, lng, f.label);
  const columns = r.fields.slice(0, SHOWN_COLUMNS);
  const list = rows.data?.rows ?? [];
  const pages = Math.max(1, Math.ceil((rows.data?.count ?? 0) / PAGE));

  let body: ReactNode;
  if (rows.isPending) body = <LoadingState text={t("forms:records.loadingRows")} />;
  else if (rows.isError) body = <FailureState reason={errorText(rows.error)} onRetry={() => void rows.refetch()} />;
  else if (!list.length) body = <EmptyList title={t("forms:records.noRows")} description={r.fields.length ? undefined : t("forms:records.noFields")} />;
  else {
    body = (
      <Table.ScrollContainer minWidth={640}>
        <Table verticalSpacing="sm" highlightOnHover>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t("forms:records.receivedAt")}</Table.Th>
              {columns.map((f) => (
                <Table.Th key={f.key}>{fieldLabel(f)}</Table.Th>
              ))}
              <Table.Th>{t("forms:records.source")}</Table.Th>
              <Table.Th w={90} />
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {list.map((row) => (
              <Table.Tr key={row.id}>
                <Table.Td>{formatDateTime(row.createdAt)}</Table.Td>
                {columns.map((f) => (
                  <Table.Td key={f.key}>
                    <Value value={row.data[f.key]} field={f} />
                  </Table.Td>
                ))}
                <Table.Td>
                  <Badge variant="light" tt="none" color={row.source === "public" ? "teal" : "gray"}>
                    {t(`forms:records.sources.${row.source}`)}
                  </Badge>
                </Table.Td>
                <Table.Td>
                  <Group gap={4} wrap="nowrap">
                    <Tooltip label={t("forms:records.view")}>
                      <ActionIcon variant="subtle" aria-label={t("forms:records.view")} onClick={() => setViewing(row)}>
                        <IconEye size={16} />
                      </ActionIcon>
                    </Tooltip>
                    {allowed("records", "delete") && (
                      <Tooltip label={t("admin:actions.delete")}>
                        <ActionIcon variant="subtle" color="red" aria-label={t("admin:actions.delete")} onClick={() => setDeleting(row)}>
                          <IconTrash size={16} />
                        </ActionIcon>
                      </Tooltip>
                    )}
                  </Group>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    );
  }

  return (
    <Stack gap="md">
      <Anchor component={Link} to={to("custom-records")} size="sm">
        {t("forms:records.back")}
      </Anchor>
      <Group justify="space-between" align="flex-start" wrap="wrap" gap="sm">
        <div>
          <Title order={2}>
            <bdi>{localised(r.labels, lng, r.name)}</bdi>
          </Title>
          {r.description && (
            <Text c="dimmed" size="sm" mt={4} style={{ whiteSpace: "pre-line" }}>
              {r.description}
            </Text>
          )}
          {r.publicPage && (
            <Text size="xs" c="dimmed" mt={4}>
              {t("forms:records.publicAddress")}{" "}
              <Anchor
                href={r.publicPage}
                target="_blank"
                rel="noopener"
                size="xs"
                className="ltr-value"
                style={{ overflowWrap: "anywhere" }}
                data-testid="public-page-address"
              >
                {pageAddress(r.publicPage)}
              </Anchor>
            </Text>
          )}
          {r.publicPath && (
            <Text size="xs" c="dimmed" mt={2}>
              {t("forms:records.apiAddress")}{" "}
              <span className="ltr-value" style={{ overflowWrap: "anywhere" }}>
                {apiAddress(r.publicPath)}
              </span>
            </Text>
          )}
        </div>
        <Group gap="sm">
          {allowed("settings", "view") && (
            <Button variant="default" component={Link} to={to(`custom-fields?entity=record&recordId=${r.id}`)}>
              {t("forms:records.editFields")}
            </Button>
          )}
          {allowed("records", "add") && r.fields.length > 0 && r.status === "active" && (
            <Button leftSection={<IconPlus size={16} />} onClick={() => setAdding(true)}>
              {t("forms:records.addRowButton")}
            </Button>
          )}
        </Group>
      </Group>
      <Group gap="sm">
        <Select
          label={t("forms:records.source")}
          data={[
            { value: "public", label: t("forms:records.sources.public") },
            { value: "admin", label: t("forms:records.sources.admin") },
          ]}
          value={source}
          onChange={(v) => {
            setSource(v === "admin" || v === "public" ? v : null);
            setPage(1);
          }}
          placeholder={t("admin:filters.all")}
          clearable
          w={200}
        />
      </Group>
      <Paper withBorder radius="md" p={0}>
        {body}
      </Paper>
      {pages > 1 && <ListPagination total={pages} value={page} onChange={setPage} size="sm" />}
      <AddRowDialog record={r} opened={adding} onClose={() => setAdding(false)} />
      <Modal
        opened={!!viewing}
        onClose={() => setViewing(null)}
        title={viewing ? formatDateTime(viewing.createdAt) : ""}
        closeButtonProps={{ "aria-label": t("admin:actions.close") }}
      >
        {viewing && (
          <Stack gap="sm">
            {r.fields.map((f) => (
              <div key={f.key}>
                <Text size="xs" c="dimmed" fw={600}>
                  {fieldLabel(f)}
                </Text>
                <Text size="sm" component="div">
                  <Value value={viewing.data[f.key]} field={f} />
                </Text>
              </div>
            ))}
            {viewing.submittedByName && (
              <Text size="xs" c="dimmed">
                {t("forms:records.addedBy", { name: viewing.submittedByName })}
              </Text>
            )}
          </Stack>
        )}
      </Modal>
      <ConfirmDialog
        opened={!!deleting}
        title={t("forms:records.deleteRowTitle")}
        confirmLabel={t("admin:actions.delete")}
        danger
        loading={remove.isPending}
        onClose={() => setDeleting(null)}
        onConfirm={() => deleting && removeRow(deleting.id)}
      >
        {t("forms:records.deleteRowText")}
      </ConfirmDialog>
    </Stack>
  );
}
