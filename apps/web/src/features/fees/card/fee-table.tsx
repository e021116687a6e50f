import { Box, Group, Stack, Table, VisuallyHidden } from "@mantine/core";
import { useMediaQuery } from "@mantine/hooks";
import type { ColumnSpec } from "@taleem/contract";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import type { RowAction } from "../../../ui/resource";
import { PHONE, ResourceCards, RowMenu } from "../../../ui/resource/resource-cards";
import classes from "./fee-table.module.css";

export interface FeeColumn<Row> {
  key: string;
  label: string;
  render: (row: Row) => ReactNode;
  /** Amounts line up at the end of the cell. */
  end?: boolean;
  summary?: boolean;
}

/** A small table of the fee card (dues, payments): a table on a desk, a card per row on a phone. */
export function FeeTable<Row extends { id: number }>({
  rows,
  columns,
  actions = [],
  rowLabel,
  label,
  testId,
  phoneRow,
}: {
  rows: Row[];
  columns: FeeColumn<Row>[];
  actions?: RowAction<Row>[];
  rowLabel: (row: Row) => string;
  label: string;
  testId?: string;
  /** A compact line per row on a phone, instead of a card of every column. */
  phoneRow?: (row: Row) => ReactNode;
}) {
  const { t } = useTranslation("admin");
  const phone = useMediaQuery(PHONE);
  const specs: ColumnSpec[] = columns.map((c) => ({ key: c.key, summary: c.summary }));
  const byKey = new Map(columns.map((c) => [c.key, c]));
  const menu = actions.length ? (row: Row) => <RowMenu row={row} t={t} actions={actions} rowLabel={rowLabel} /> : undefined;
  if (phone && phoneRow)
    return (
      <Stack gap={0} data-testid={testId} aria-label={label} role="list">
        {rows.map((row) => (
          <Group key={row.id} data-row={row.id} role="listitem" justify="space-between" wrap="nowrap" gap="xs" py={8} className={classes.line}>
            <Box miw={0} style={{ flex: 1 }}>
              {phoneRow(row)}
            </Box>
            {menu?.(row)}
          </Group>
        ))}
      </Stack>
    );
  if (phone)
    return (
      <section data-testid={testId} aria-label={label}>
        <ResourceCards rows={rows} columns={specs} label={(k) => byKey.get(k)?.label ?? k} cell={(c, row) => byKey.get(c.key)!.render(row)} menu={menu} />
      </section>
    );
  return (
    <Table.ScrollContainer minWidth={640} type="native" data-testid={testId}>
      <Table striped highlightOnHover verticalSpacing="xs" aria-label={label}>
        <Table.Thead>
          <Table.Tr>
            {columns.map((c) => (
              <Table.Th key={c.key} ta={c.end ? "end" : undefined}>
                {c.label}
              </Table.Th>
            ))}
            {menu && (
              <Table.Th w={48}>
                <VisuallyHidden>{t("list.actions")}</VisuallyHidden>
              </Table.Th>
            )}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((row) => (
            <Table.Tr key={row.id} data-row={row.id}>
              {columns.map((c) => (
                <Table.Td key={c.key} ta={c.end ? "end" : undefined}>
                  {c.render(row)}
                </Table.Td>
              ))}
              {menu && <Table.Td>{menu(row)}</Table.Td>}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
