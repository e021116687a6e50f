import { Button, Drawer, Stack } from "@mantine/core";
import { IconFilter } from "@tabler/icons-react";
import { type ReactNode, useState } from "react";
import { useTranslation } from "react-i18next";
import { formatNumber } from "../../lib/format";

/**
 * A list's filters on a phone: a sheet from the bottom behind a button that counts the filters
 * set, so the list's first rows show on the first screen instead of below a column of controls.
 */
export function FilterSheet({ set, children }: { set: number; children: ReactNode }) {
  const { t } = useTranslation("admin");
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button variant={set ? "light" : "default"} leftSection={<IconFilter size={16} />} onClick={() => setOpen(true)} style={{ flexShrink: 0 }}>
        {set ? t("filters.openCount", { n: formatNumber(set) }) : t("filters.open")}
      </Button>
      <Drawer opened={open} onClose={() => setOpen(false)} position="bottom" title={t("filters.title")} closeButtonProps={{ "aria-label": t("actions.close") }}>
        <Stack gap="sm">
          {children}
          <Button onClick={() => setOpen(false)}>{t("filters.done")}</Button>
        </Stack>
      </Drawer>
    </>
  );
}
