import { Box, Button, Group, LoadingOverlay, Paper, Select, Stack, Text, Title } from "@mantine/core";
import { useMediaQuery } from "@mantine/hooks";
import { IconFilterOff, IconPlus } from "@tabler/icons-react";
import type { ColumnSpec, ResourceDefinition } from "@taleem/contract";
import { type ReactNode, useCallback, useMemo, useState } from "react";
import { useSearchParams } from "react-router";
import { formatNumber } from "../../lib/format";
import { useErrorText } from "../api-error";
import { ConfirmDialog } from "../confirm-dialog";
import { FormDialog } from "../form-dialog";
import { ListPagination } from "../list-pagination";
import { EmptyList, FailureState, LoadingState } from "../list-states";
import { useCan } from "../use-can";
import { type FilterOption, ListFilters } from "./list-filters";
import { ListOutput } from "./list-output";
import { type FieldOptions, ResourceForm, type ResourceFormProps } from "./resource-form";
import type { ListParams } from "./resource-keys";
import { ResourceTable, type RowAction } from "./resource-table";
import { useResourceTexts } from "./resource-texts";
import { type ListReply, useResourceList, useResourceMutations } from "./use-resource";

export type { FilterOption, RowAction };

const PAGE_SIZES = ["10", "25", "50", "100"];
const PAGING = new Set(["page", "limit", "sort"]);

export interface ResourceListProps<Row extends { id: number }> {
  definition: ResourceDefinition;
  /** Replaces the standard cell of a column. */
  cells?: Partial<Record<string, (row: Row) => ReactNode>>;
  /** Defaults to the definition's columns. */
  columns?: readonly ColumnSpec[];
  /** More row actions, between Edit and Delete. */
  rowActions?: RowAction<Row>[];
  canEdit?: (row: Row) => boolean;
  canDelete?: (row: Row) => boolean;
  /** Choices for filters that are not fixed options. */
  filterOptions?: Partial<Record<string, FilterOption[]>>;
  /** Buttons beside Add (an import, say). */
  toolbar?: ReactNode;
  /** Something above the table from the list reply (activeRoles, say). */
  summary?: (reply: ListReply<Row>) => ReactNode;
  /** Shown on the row's menu and in the delete question; `name` by default. */
  rowLabel?: (row: Row) => string;
  form?: Pick<ResourceFormProps<Row>, "toFormValues" | "fields"> & {
    /** Per field; a function gets the row being edited (none when adding). */
    fieldOptions?: Partial<Record<string, FieldOptions>> | ((row: Row | undefined) => Partial<Record<string, FieldOptions>>);
  };
  description?: ReactNode;
  /** The shown rows are still changing on the server (messages in flight): the list asks again every few seconds while this holds. */
  refreshWhile?: (rows: Row[]) => boolean;
}

type Editing<Row> = { row?: Row } | null;

/**
 * The list screen of any resource: title, filters, sortable table, paging with the count, and
 * add, edit and delete in dialogs, each shown only when the person's role allows it. The list's
 * state lives in the URL, so a reload or a shared link shows the same page.
 */
export function ResourceList<Row extends { id: number }>(props: ResourceListProps<Row>) {
  const { definition, cells, rowActions = [], canEdit, canDelete, filterOptions, toolbar, summary, form } = props;
  const texts = useResourceTexts(definition);
  const { t, names } = texts;
  // What the list is for: the screen's own words, else the resource's `description` text, if any.
  const description = props.description ?? (t(`${texts.stem}description`, { defaultValue: "" }) || undefined);
  const errorText = useErrorText();
  const allowed = useCan();
  const phone = useMediaQuery("(max-width: 48em)");
  const [search, setSearch] = useSearchParams();
  const [editing, setEditing] = useState<Editing<Row>>(null);
  const [deleting, setDeleting] = useState<Row | null>(null);
  const { remove } = useResourceMutations<Row>(definition);
  const rowLabel = props.rowLabel ?? ((r: Row) => String((r as unknown as { name?: unknown }).name ?? `#${r.id}`));

  const page = Math.max(1, Number(search.get("page")) || 1);
  const limit = PAGE_SIZES.includes(search.get("limit") ?? "") ? Number(search.get("limit")) : 25;
  const sort = search.get("sort") ?? definition.defaultSort;
  const filterKeys = useMemo(() => ["q", ...Object.keys(definition.filters)], [definition.filters]);
  const params: ListParams = useMemo(() => {
    const p: ListParams = { page, limit, sort };
    for (const k of filterKeys) {
      const v = search.get(k);
      if (v) p[k] = v;
    }
    return p;
  }, [page, limit, sort, filterKeys, search]);
  const filtered = filterKeys.some((k) => search.get(k));

  const set = useCallback(
    (key: string, value: string | null) =>
      setSearch(
        (old) => {
          const next = new URLSearchParams(old);
          if (value === null || value === "") next.delete(key);
          else next.set(key, value);
          if (!PAGING.has(key) || key === "limit") next.delete("page");
          return next;
        },
        { replace: true },
      ),
    [setSearch],
  );
  const clearFilters = () =>
    setSearch(
      (old) => {
        const next = new URLSearchParams(old);
        for (const k of [...filterKeys, "page"]) next.delete(k);
        return next;
      },
      { replace: true },
    );

  const list = useResourceList<Row>(definition, params, true, props.refreshWhile);
  const reply = list.data;
  const pages = reply ? Math.max(1, Math.ceil(reply.count / limit)) : 1;
  const mayAdd = allowed(definition.module, "add");
  const mayEdit = allowed(definition.module, "edit");
  const mayDelete = allowed(definition.module, "delete");
  const openAdd = () => setEditing({});
  const draftKey = editing ? `${definition.path}:${editing.row?.id ?? "new"}` : undefined;
  const from = reply?.count ? (page - 1) * limit + 1 : 0;
  const to = reply ? Math.min(reply.count, page * limit) : 0;

  let body: ReactNode;
  if (list.isPending) body = <LoadingState text={t("admin:list.fetching", names)} />;
  else if (list.isError && !reply) body = <FailureState reason={errorText(list.error)} onRetry={() => void list.refetch()} />;
  else if (reply && reply.rows.length === 0) {
    body = filtered ? (
      <EmptyList
        title={t("admin:list.noMatchTitle", names)}
        description={t("admin:list.noMatchText")}
        extra={
          <Button variant="default" leftSection={<IconFilterOff size={16} />} onClick={clearFilters}>
            {t("admin:filters.clear")}
          </Button>
        }
      />
    ) : (
      <EmptyList
        title={t("admin:list.emptyTitle", names)}
        description={mayAdd ? t("admin:list.emptyText", names) : undefined}
        addLabel={t("admin:list.addEntity", names)}
        onAdd={mayAdd ? openAdd : undefined}
      />
    );
  } else if (reply) {
    body = (
      <Box pos="relative">
        <LoadingOverlay visible={list.isFetching && list.isPlaceholderData} zIndex={5} overlayProps={{ blur: 1 }} />
        <ResourceTable<Row>
          definition={definition}
          texts={texts}
          rows={reply.rows}
          columns={props.columns ?? definition.columns}
          sort={sort}
          onSort={(s) => set("sort", s)}
          cells={cells}
          actions={rowActions}
          onEdit={mayEdit ? (row) => setEditing({ row }) : undefined}
          onDelete={mayDelete ? setDeleting : undefined}
          canEdit={canEdit}
          canDelete={canDelete}
          rowLabel={rowLabel}
        />
      </Box>
    );
  }

  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-start" wrap="wrap" gap="sm">
        <div>
          <Title order={2}>{names.title}</Title>
          {description && (
            <Text c="dimmed" size="sm" mt={4}>
              {description}
            </Text>
          )}
        </div>
        <Group gap="sm">
          {toolbar}
          {reply && reply.count > 0 && (
            <ListOutput definition={definition} texts={texts} params={params} columns={props.columns ?? definition.columns} filterOptions={filterOptions} />
          )}
          {mayAdd && (
            <Button leftSection={<IconPlus size={16} />} onClick={openAdd}>
              {t("admin:list.addEntity", names)}
            </Button>
          )}
        </Group>
      </Group>
      <ListFilters definition={definition} texts={texts} params={search} set={set} filterOptions={filterOptions} />
      {reply && summary?.(reply)}
      <Paper withBorder radius="md" p={0}>
        {body}
      </Paper>
      {reply && reply.count > 0 && (
        <Group justify="space-between" wrap="wrap" gap="sm">
          <Text size="sm" c="dimmed" aria-live="polite">
            <bdi>{t("admin:list.showing", { from: formatNumber(from), to: formatNumber(to), total: formatNumber(reply.count) })}</bdi>
          </Text>
          <Group gap="sm" wrap="wrap">
            <Select
              aria-label={t("admin:list.perPage")}
              data={PAGE_SIZES.map((v) => ({ value: v, label: t("admin:list.perPageOption", { n: formatNumber(Number(v)) }) }))}
              value={String(limit)}
              onChange={(v) => set("limit", v)}
              allowDeselect={false}
              w={130}
              size="sm"
            />
            {pages > 1 && (
              <ListPagination total={pages} value={Math.min(page, pages)} onChange={(p) => set("page", String(p))} size="sm" siblings={phone ? 0 : 1} />
            )}
          </Group>
        </Group>
      )}
      <FormDialog
        opened={!!editing}
        onClose={() => setEditing(null)}
        draftKey={draftKey}
        title={editing?.row ? t("admin:list.editEntity", names) : t("admin:list.addEntity", names)}
        size="lg"
        fullScreen={phone}
      >
        {editing && (
          <ResourceForm<Row>
            draftKey={draftKey}
            definition={definition}
            row={editing.row}
            toFormValues={form?.toFormValues}
            fields={form?.fields}
            fieldOptions={typeof form?.fieldOptions === "function" ? form.fieldOptions(editing.row) : form?.fieldOptions}
            onSaved={() => setEditing(null)}
            onCancel={() => setEditing(null)}
          />
        )}
      </FormDialog>
      <ConfirmDialog
        opened={!!deleting}
        title={t("admin:list.deleteTitle", names)}
        confirmLabel={t("admin:actions.delete")}
        danger
        loading={remove.isPending}
        onClose={() => setDeleting(null)}
        onConfirm={() => deleting && remove.mutate(deleting.id, { onSuccess: () => setDeleting(null) })}
      >
        {t("admin:list.deleteText", { name: deleting ? rowLabel(deleting) : "" })}
      </ConfirmDialog>
    </Stack>
  );
}
