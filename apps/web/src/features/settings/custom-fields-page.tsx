import { ActionIcon, Badge, Button, Group, Paper, SegmentedControl, Select, Stack, Table, Text, Title, Tooltip, VisuallyHidden } from "@mantine/core";
import { IconPencil, IconPlus, IconTrash } from "@tabler/icons-react";
import { activeCustomRecords, type CustomFieldEntity, type CustomFieldRow, customFieldResource } from "@taleem/contract";
import { useQuery } from "@tanstack/react-query";
import { type ReactNode, useState } from "react";
import { useTranslation } from "react-i18next";
import { useSearchParams } from "react-router";
import { api } from "../../lib/api";
import { formatNumber } from "../../lib/format";
import { useActionQuery } from "../../lib/use-action";
import { useErrorText } from "../../ui/api-error";
import { ConfirmDialog } from "../../ui/confirm-dialog";
import { EmptyList, FailureState, LoadingState } from "../../ui/list-states";
import { type ListReply, resourceKeys, resourceUrl, useResourceMutations } from "../../ui/resource";
import { useCan } from "../../ui/use-can";
import { CustomFieldDialog } from "./custom-field-dialog";

const ENTITIES: readonly CustomFieldEntity[] = ["admission", "student", "record"];
const isEntity = (v: string | null): v is CustomFieldEntity => !!v && (ENTITIES as readonly string[]).includes(v);

/** The school's own fields for applications, students and its record types, in form order. */
export function CustomFieldsPage() {
  const { t, i18n } = useTranslation(["forms", "admin"]);
  const lng = i18n.resolvedLanguage ?? "en";
  const allowed = useCan();
  const errorText = useErrorText();
  const [search, setSearch] = useSearchParams();
  const entity: CustomFieldEntity = isEntity(search.get("entity")) ? (search.get("entity") as CustomFieldEntity) : "admission";
  const recordId = Number(search.get("recordId")) || null;
  const [editing, setEditing] = useState<{ row?: CustomFieldRow } | null>(null);
  const [deleting, setDeleting] = useState<CustomFieldRow | null>(null);
  const { remove } = useResourceMutations<CustomFieldRow>(customFieldResource);

  const records = useActionQuery(activeCustomRecords, {}, { enabled: entity === "record" && allowed("records", "view") });
  const ready = entity !== "record" || recordId !== null;
  const params = { entity, recordId: entity === "record" ? (recordId ?? undefined) : undefined, limit: 500, sort: "order" };
  const list = useQuery({
    queryKey: resourceKeys("field").list(params),
    queryFn: () => api.get<ListReply<CustomFieldRow>>(resourceUrl("field"), params, { page: true }),
    enabled: ready,
  });
  const rows = list.data?.rows ?? [];
  const mayAdd = allowed("settings", "add");
  const mayEdit = allowed("settings", "edit");
  const mayDelete = allowed("settings", "delete");
  const label = (f: CustomFieldRow) => (f.labels as Record<string, string | undefined>)[lng] ?? f.label;
  const nextOrder = rows.reduce((m, f) => Math.max(m, f.order + 1), 0);

  const choose = (next: { entity?: CustomFieldEntity; recordId?: number | null }) =>
    setSearch(
      (old) => {
        const p = new URLSearchParams(old);
        if (next.entity) p.set("entity", next.entity);
        if (next.recordId === null || next.entity) p.delete("recordId");
        if (next.recordId) p.set("recordId", String(next.recordId));
        return p;
      },
      { replace: true },
    );

  let body: ReactNode;
  if (!ready) body = <EmptyList title={t("forms:customFields.chooseRecord")} description={t("forms:customFields.chooseRecordText")} />;
  else if (list.isPending) body = <LoadingState text={t("admin:list.fetching", { entities: t("forms:customFields.entities") })} />;
  else if (list.isError) body = <FailureState reason={errorText(list.error)} onRetry={() => void list.refetch()} />;
  else if (!rows.length) {
    body = (
      <EmptyList
        title={t("admin:list.emptyTitle", { entities: t("forms:customFields.entities") })}
        description={t(`forms:customFields.emptyText.${entity}`)}
        addLabel={t("admin:list.addEntity", { entity: t("forms:customFields.entity") })}
        onAdd={mayAdd ? () => setEditing({}) : undefined}
      />
    );
  } else {
    body = (
      <Table.ScrollContainer minWidth={720}>
        <Table verticalSpacing="sm" highlightOnHover data-testid="custom-fields-table">
          <Table.Thead>
            <Table.Tr>
              <Table.Th w={70}>{t("forms:customFields.fields.order")}</Table.Th>
              <Table.Th>{t("forms:customFields.fields.label")}</Table.Th>
              <Table.Th>{t("forms:customFields.fields.key")}</Table.Th>
              <Table.Th>{t("forms:customFields.fields.kind")}</Table.Th>
              <Table.Th>{t("forms:customFields.fields.required")}</Table.Th>
              <Table.Th>{t("forms:customFields.fields.status")}</Table.Th>
              <Table.Th w={96}>
                <VisuallyHidden>{t("admin:list.actions")}</VisuallyHidden>
              </Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((f) => (
              <Table.Tr key={f.id}>
                <Table.Td>{formatNumber(f.order)}</Table.Td>
                <Table.Td>
                  <Text size="sm" fw={500}>
                    <bdi>{label(f)}</bdi>
                  </Text>
                  {label(f) !== f.label && (
                    <Text size="xs" c="dimmed">
                      <bdi>{f.label}</bdi>
                    </Text>
                  )}
                </Table.Td>
                <Table.Td className="ltr-value">{f.key}</Table.Td>
                <Table.Td>
                  <Badge variant="light" tt="none">
                    {t(`forms:customFields.options.kind.${f.kind}`)}
                    {f.kind === "choice" && ` · ${formatNumber(f.options.length)}`}
                  </Badge>
                </Table.Td>
                <Table.Td>{f.required ? t("admin:common.yes") : t("admin:common.no")}</Table.Td>
                <Table.Td>
                  <Badge variant="dot" color={f.status === "active" ? "teal" : "gray"}>
                    {t(`admin:options.status.${f.status}`)}
                  </Badge>
                </Table.Td>
                <Table.Td>
                  <Group gap={4} wrap="nowrap">
                    {mayEdit && (
                      <Tooltip label={t("admin:actions.edit")}>
                        <ActionIcon variant="subtle" aria-label={`${t("admin:actions.edit")}: ${label(f)}`} onClick={() => setEditing({ row: f })}>
                          <IconPencil size={16} />
                        </ActionIcon>
                      </Tooltip>
                    )}
                    {mayDelete && (
                      <Tooltip label={t("admin:actions.delete")}>
                        <ActionIcon variant="subtle" color="red" aria-label={`${t("admin:actions.delete")}: ${label(f)}`} onClick={() => setDeleting(f)}>
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
      <Group justify="space-between" align="flex-start" wrap="wrap" gap="sm">
        <div>
          <Title order={2}>{t("forms:customFields.title")}</Title>
          <Text c="dimmed" size="sm" mt={4}>
            {t("forms:customFields.description")}
          </Text>
        </div>
        {mayAdd && ready && (
          <Button leftSection={<IconPlus size={16} />} onClick={() => setEditing({})}>
            {t("admin:list.addEntity", { entity: t("forms:customFields.entity") })}
          </Button>
        )}
      </Group>
      <Group gap="sm" align="flex-end" wrap="wrap">
        <SegmentedControl
          value={entity}
          onChange={(v) => choose({ entity: v as CustomFieldEntity })}
          data={ENTITIES.map((e) => ({ value: e, label: t(`forms:customFields.options.entity.${e}`) }))}
          aria-label={t("forms:customFields.fields.entity")}
        />
        {entity === "record" && (
          <Select
            label={t("forms:customFields.fields.recordId")}
            data={(records.data?.rows ?? []).map((r) => ({ value: String(r.id), label: r.name }))}
            value={recordId ? String(recordId) : null}
            onChange={(v) => choose({ recordId: v ? Number(v) : null })}
            placeholder={t("forms:customFields.chooseRecord")}
            w={260}
            searchable
            nothingFoundMessage={t("admin:form.nothingFound")}
          />
        )}
      </Group>
      <Paper withBorder radius="md" p={0}>
        {body}
      </Paper>
      {editing && <CustomFieldDialog opened onClose={() => setEditing(null)} row={editing.row} entity={entity} recordId={recordId} nextOrder={nextOrder} />}
      <ConfirmDialog
        opened={!!deleting}
        title={t("admin:list.deleteTitle", { entity: t("forms:customFields.entity") })}
        confirmLabel={t("admin:actions.delete")}
        danger
        loading={remove.isPending}
        onClose={() => setDeleting(null)}
        onConfirm={() => deleting && remove.mutate(deleting.id, { onSuccess: () => setDeleting(null) })}
      >
        {t("forms:customFields.deleteText", { name: deleting ? label(deleting) : "" })}
      </ConfirmDialog>
    </Stack>
  );
}
