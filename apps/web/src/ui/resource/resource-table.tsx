import { ActionIcon, Center, Menu, Table, Text, UnstyledButton, VisuallyHidden } from "@mantine/core";
import { IconChevronDown, IconChevronUp, IconDots, IconPencil, IconSelector, IconTrash } from "@tabler/icons-react";
import type { ColumnSpec, ResourceDefinition } from "@taleem/contract";
import type { ReactNode } from "react";
import { defaultCell } from "./resource-cells";
import type { useResourceTexts } from "./resource-texts";

export interface RowAction<Row> {
  key: string;
  label: string;
  icon?: ReactNode;
  color?: string;
  onClick: (row: Row) => void;
  /** Hides the action for rows it does not apply to. */
  hidden?: (row: Row) => boolean;
}

export interface ResourceTableProps<Row extends { id: number }> {
  definition: ResourceDefinition;
  texts: ReturnType<typeof useResourceTexts>;
  rows: Row[];
  columns: readonly ColumnSpec[];
  sort: string;
  onSort: (sort: string) => void;
  cells?: Partial<Record<string, (row: Row) => ReactNode>>;
  actions: RowAction<Row>[];
  onEdit?: (row: Row) => void;
  onDelete?: (row: Row) => void;
  canEdit?: (row: Row) => boolean;
  canDelete?: (row: Row) => boolean;
  rowLabel: (row: Row) => string;
}

function SortHeader({ column, label, sort, onSort }: { column: ColumnSpec; label: string; sort: string; onSort: (s: string) => void }) {
  const field = sort.replace(/^-/, "");
  const active = field === column.key;
  const desc = active && sort.startsWith("-");
  const Icon = active ? (desc ? IconChevronDown : IconChevronUp) : IconSelector;
  return (
    <Table.Th aria-sort={active ? (desc ? "descending" : "ascending") : "none"}>
      <UnstyledButton onClick={() => onSort(active && !desc ? `-${column.key}` : column.key)} style={{ display: "inline-flex", alignItems: "center", gap: 4 }}>
        <Text fw={600} size="sm" span>
          {label}
        </Text>
        <Center>
          <Icon size={14} stroke={1.5} aria-hidden />
        </Center>
      </UnstyledButton>
    </Table.Th>
  );
}

/** The rows of a list with sortable headers and a menu of what can be done with each row. */
export function ResourceTable<Row extends { id: number }>(props: ResourceTableProps<Row>) {
  const { definition, texts, rows, columns, sort, onSort, cells = {}, actions, onEdit, onDelete, canEdit, canDelete, rowLabel } = props;
  const { t, field, option } = texts;
  const translated = new Set(definition.fields.filter((f) => f.options).map((f) => f.key));
  const words = { option, yes: t("admin:common.yes"), no: t("admin:common.no") };
  const sortable = (c: ColumnSpec) => c.sortable && definition.sortable.includes(c.key);
  const hasMenu = !!onEdit || !!onDelete || actions.length > 0;

  return (
    // Positioned, so the hidden header text stays inside the scrolling box instead of widening the page.
    <Table.ScrollContainer minWidth={640} type="native" pos="relative">
      <Table highlightOnHover verticalSpacing="sm" striped>
        <Table.Thead>
          <Table.Tr>
            {columns.map((c) =>
              sortable(c) ? (
                <SortHeader key={c.key} column={c} label={field(c.key)} sort={sort} onSort={onSort} />
              ) : (
                <Table.Th key={c.key}>{field(c.key)}</Table.Th>
              ),
            )}
            {hasMenu && (
              <Table.Th w={56}>
                <VisuallyHidden>{t("admin:list.actions")}</VisuallyHidden>
              </Table.Th>
            )}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((row) => {
            const record = row as unknown as Record<string, unknown>;
            const visible = actions.filter((a) => !a.hidden?.(row));
            const editable = onEdit && (canEdit?.(row) ?? true);
            const deletable = onDelete && (canDelete?.(row) ?? true);
            return (
              <Table.Tr key={row.id}>
                {columns.map((c) => (
                  <Table.Td key={c.key}>
                    {cells[c.key] ? cells[c.key]!(row) : defaultCell(c, record[c.key], { ...words, translated: translated.has(c.key) }, record)}
                  </Table.Td>
                ))}
                {hasMenu && (
                  <Table.Td>
                    {(editable || deletable || visible.length > 0) && (
                      <Menu position="bottom-end" withinPortal shadow="md">
                        <Menu.Target>
                          <ActionIcon variant="subtle" color="gray" aria-label={t("admin:list.rowActions", { name: rowLabel(row) })}>
                            <IconDots size={18} />
                          </ActionIcon>
                        </Menu.Target>
                        <Menu.Dropdown>
                          {editable && (
                            <Menu.Item leftSection={<IconPencil size={16} />} onClick={() => onEdit(row)}>
                              {t("admin:actions.edit")}
                            </Menu.Item>
                          )}
                          {visible.map((a) => (
                            <Menu.Item key={a.key} leftSection={a.icon} color={a.color} onClick={() => a.onClick(row)}>
                              {a.label}
                            </Menu.Item>
                          ))}
                          {deletable && (
                            <>
                              <Menu.Divider />
                              <Menu.Item color="red" leftSection={<IconTrash size={16} />} onClick={() => onDelete(row)}>
                                {t("admin:actions.delete")}
                              </Menu.Item>
                            </>
                          )}
                        </Menu.Dropdown>
                      </Menu>
                    )}
                  </Table.Td>
                )}
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
