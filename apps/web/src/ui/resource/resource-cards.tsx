import { ActionIcon, Box, Group, Menu, Paper, Stack, Text } from "@mantine/core";
import { IconDots, IconPencil, IconTrash } from "@tabler/icons-react";
import type { ColumnSpec } from "@taleem/contract";
import type { TFunction } from "i18next";
import type { ReactNode } from "react";
import type { RowAction } from "./resource-table";

/** Where a list becomes cards and its filters move into a sheet: a phone held upright. */
export const PHONE = "(max-width: 48em)";

export interface RowMenuProps<Row> {
  row: Row;
  t: TFunction;
  actions: RowAction<Row>[];
  onEdit?: (row: Row) => void;
  onDelete?: (row: Row) => void;
  canEdit?: (row: Row) => boolean;
  canDelete?: (row: Row) => boolean;
  rowLabel: (row: Row) => string;
}

/** What can be done with one row (edit, the screen's own actions, delete), as a menu. */
export function RowMenu<Row>({ row, t, actions, onEdit, onDelete, canEdit, canDelete, rowLabel }: RowMenuProps<Row>) {
  const visible = actions.filter((a) => !a.hidden?.(row));
  const editable = onEdit && (canEdit?.(row) ?? true);
  const deletable = onDelete && (canDelete?.(row) ?? true);
  if (!editable && !deletable && visible.length === 0) return null;
  return (
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
  );
}

/** The card's title: the column marked `summary()`, else the first name, else the first column. */
function titleColumn(columns: readonly ColumnSpec[]): ColumnSpec | undefined {
  return columns.find((c) => c.summary) ?? columns.find((c) => c.kind === "name" || c.key === "name") ?? columns[0];
}

export interface ResourceCardsProps<Row extends { id: number }> {
  rows: Row[];
  columns: readonly ColumnSpec[];
  label: (key: string) => string;
  cell: (column: ColumnSpec, row: Row) => ReactNode;
  menu?: (row: Row) => ReactNode;
}

/**
 * A list on a phone: one card per row, its title the summary column and the other columns as
 * label and value beneath, so nothing scrolls sideways.
 */
export function ResourceCards<Row extends { id: number }>({ rows, columns, label, cell, menu }: ResourceCardsProps<Row>) {
  const title = titleColumn(columns);
  const rest = columns.filter((c) => c !== title);
  return (
    <Stack gap="xs" p="xs" role="list">
      {rows.map((row) => (
        <Paper key={row.id} withBorder radius="md" p="sm" role="listitem" data-row={row.id}>
          <Group justify="space-between" align="flex-start" wrap="nowrap" gap="xs">
            <Box miw={0} style={{ flex: 1, overflowWrap: "anywhere" }}>
              {title && cell(title, row)}
            </Box>
            {menu?.(row)}
          </Group>
          {rest.length > 0 && (
            <Stack gap={4} mt="xs">
              {rest.map((c) => (
                <Group key={c.key} justify="space-between" align="flex-start" wrap="nowrap" gap="sm">
                  <Text size="xs" c="dimmed" style={{ flexShrink: 0, maxWidth: "40%" }}>
                    {label(c.key)}
                  </Text>
                  <Box miw={0} ta="end" fz="sm" style={{ overflowWrap: "anywhere" }}>
                    {cell(c, row)}
                  </Box>
                </Group>
              ))}
            </Stack>
          )}
        </Paper>
      ))}
    </Stack>
  );
}
