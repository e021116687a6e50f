import { Center, Table, Text, UnstyledButton, VisuallyHidden } from "@mantine/core";
import { useMediaQuery } from "@mantine/hooks";
import { IconChevronDown, IconChevronUp, IconSelector } from "@tabler/icons-react";
import type { ColumnSpec, ResourceDefinition } from "@taleem/contract";
import type { ReactNode } from "react";
import touch from "../touch-target.module.css";
import { PHONE, ResourceCards, RowMenu } from "./resource-cards";
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
      <UnstyledButton onClick={() => onSort(active && !desc ? `-${column.key}` : column.key)} className={touch.target} style={{ gap: 4 }}>
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

/**
 * The rows of a list with sortable headers and a menu of what can be done with each row; on a
 * phone, a card per row.
 */
export function ResourceTable<Row extends { id: number }>(props: ResourceTableProps<Row>) {
  const { definition, texts, rows, columns, sort, onSort, cells = {}, actions, onEdit, onDelete, canEdit, canDelete, rowLabel } = props;
  const { t, field, option } = texts;
  const phone = useMediaQuery(PHONE);
  const translated = new Set(definition.fields.filter((f) => f.options).map((f) => f.key));
  const words = { option, yes: t("admin:common.yes"), no: t("admin:common.no") };
  const sortable = (c: ColumnSpec) => c.sortable && definition.sortable.includes(c.key);
  const hasMenu = !!onEdit || !!onDelete || actions.length > 0;
  const menuProps = { t, actions, onEdit, onDelete, canEdit, canDelete, rowLabel };
  // A mobile number's column reads as one whatever kind it was declared with.
  const phones = new Set(definition.fields.filter((f) => f.kind === "phone").map((f) => f.key));
  const cell = (c: ColumnSpec, row: Row) => {
    if (cells[c.key]) return cells[c.key]!(row);
    const spec = phones.has(c.key) ? { ...c, kind: "phone" as const } : c;
    return defaultCell(spec, (row as Record<string, unknown>)[c.key], { ...words, translated: translated.has(c.key) }, row as Record<string, unknown>);
  };
  if (phone)
    return <ResourceCards rows={rows} columns={columns} label={field} cell={cell} menu={hasMenu ? (row) => <RowMenu row={row} {...menuProps} /> : undefined} />;

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
            return (
              <Table.Tr key={row.id}>
                {columns.map((c) => (
                  <Table.Td key={c.key} style={c.kind === "status" ? { whiteSpace: "nowrap" } : undefined}>
                    {cell(c, row)}
                  </Table.Td>
                ))}
                {hasMenu && (
                  <Table.Td>
                    <RowMenu row={row} {...menuProps} />
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
