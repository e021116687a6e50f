import { Group, Pagination, type PaginationProps, Text } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { formatNumber } from "../lib/format";

/** A list's pages, each control named in the reader's language (a bare arrow or number names nothing to a screen reader). */
export function ListPagination(props: Omit<PaginationProps, "getControlProps" | "getItemProps">) {
  const { t } = useTranslation("admin");
  return (
    <Pagination
      size="sm"
      {...props}
      getControlProps={(control) => ({ "aria-label": t(`admin:list.page.${control}`) })}
      getItemProps={(p) => ({ "aria-label": t("admin:list.page.number", { page: p }) })}
    />
  );
}

/**
 * Under a paged list: "Showing 26–50 of 312" and the pages (a custom screen's list; the generic
 * list adds its page-size choice to the same line).
 */
export function ListFooter({
  page,
  limit,
  count,
  onChange,
  phone,
}: {
  page: number;
  limit: number;
  count: number;
  onChange: (page: number) => void;
  phone?: boolean;
}) {
  const { t } = useTranslation("admin");
  const pages = Math.ceil(count / limit);
  if (count <= 0) return null;
  return (
    <Group justify="space-between" wrap="wrap" gap="sm">
      <Text size="sm" c="dimmed" aria-live="polite">
        <bdi>
          {t("admin:list.showing", {
            from: formatNumber((page - 1) * limit + 1),
            to: formatNumber(Math.min(count, page * limit)),
            total: formatNumber(count),
          })}
        </bdi>
      </Text>
      {pages > 1 && <ListPagination total={pages} value={page} onChange={onChange} siblings={phone ? 0 : 1} />}
    </Group>
  );
}
