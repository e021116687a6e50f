import { Pagination, type PaginationProps } from "@mantine/core";
import { useTranslation } from "react-i18next";

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
