import { Button, Group } from "@mantine/core";
import { IconFileSpreadsheet, IconPrinter } from "@tabler/icons-react";
import type { ColumnSpec, ResourceDefinition } from "@taleem/contract";
import { useEffect, useState } from "react";
import { createPortal } from "react-dom";
import { useTranslation } from "react-i18next";
import { useAuth } from "../../lib/auth-store";
import { formatDate, schoolDay } from "../../lib/format";
import { directionOf } from "../../lib/i18n";
import { notify } from "../../lib/notify";
import { useErrorText } from "../api-error";
import type { FilterOption } from "./list-filters";
import classes from "./list-print.module.css";
import { countText, exportFileName, fetchAllRows, filterLines, plainCell } from "./list-rows";
import { downloadSpreadsheet } from "./list-spreadsheet";
import type { ListParams } from "./resource-keys";
import type { useResourceTexts } from "./resource-texts";

export interface ListOutputProps {
  definition: ResourceDefinition;
  texts: ReturnType<typeof useResourceTexts>;
  /** The list's parameters as on screen: its filters, search and sort (the page is ignored). */
  params: ListParams;
  columns: readonly ColumnSpec[];
  filterOptions?: Partial<Record<string, FilterOption[]>>;
}

interface Printed {
  notes: string[];
  headers: string[];
  rows: (string | number)[][];
}

/**
 * Export to a spreadsheet and print, for any list: every row its filters match (not only the
 * page shown), under the school's name and logo, with the list's columns in the reader's
 * language, right to left where the language is.
 */
export function ListOutput({ definition, texts, params, columns, filterOptions }: ListOutputProps) {
  const { t, field, names } = texts;
  const errorText = useErrorText();
  const school = useAuth((s) => s.user?.tenant);
  const [busy, setBusy] = useState<"xlsx" | "print" | null>(null);
  const [printed, setPrinted] = useState<Printed | null>(null);
  const { i18n } = useTranslation();
  const rtl = directionOf(i18n.language) === "rtl";

  async function gather(day: string): Promise<Printed> {
    const rows = await fetchAllRows(definition, params);
    const filters = filterLines(definition, texts, params, filterOptions);
    const notes = [
      ...(filters.length ? [`${t("common:listOutput.filters")} ${filters.join(" · ")}`] : []),
      `${t("common:listOutput.madeOn", { date: day })} · ${countText(texts, rows.length)}`,
    ];
    return { notes, headers: columns.map((c) => field(c.key)), rows: rows.map((r) => columns.map((c) => plainCell(definition, texts, c, r))) };
  }

  async function run(kind: "xlsx" | "print") {
    setBusy(kind);
    try {
      const sheet = await gather(formatDate(schoolDay()));
      if (kind === "print") setPrinted(sheet);
      else
        await downloadSpreadsheet({
          ...sheet,
          school: { name: school?.name ?? "", logo: school?.logo ?? null },
          title: names.title,
          rightToLeft: rtl,
          fileName: exportFileName(definition, "xlsx"),
        });
    } catch (e) {
      notify.error(`${t("common:listOutput.failed")} ${errorText(e)}`);
    } finally {
      setBusy(null);
    }
  }

  // The page prints once the sheet is on it; it leaves when the print dialog closes.
  useEffect(() => {
    if (!printed) return;
    const done = () => setPrinted(null);
    window.addEventListener("afterprint", done, { once: true });
    const frame = requestAnimationFrame(() => window.print());
    return () => {
      cancelAnimationFrame(frame);
      window.removeEventListener("afterprint", done);
    };
  }, [printed]);

  return (
    <>
      <Group gap="xs">
        <Button variant="default" leftSection={<IconFileSpreadsheet size={16} aria-hidden />} loading={busy === "xlsx"} onClick={() => void run("xlsx")}>
          {t("common:listOutput.export")}
        </Button>
        <Button variant="default" leftSection={<IconPrinter size={16} aria-hidden />} loading={busy === "print"} onClick={() => void run("print")}>
          {t("common:listOutput.print")}
        </Button>
      </Group>
      {printed &&
        createPortal(
          <div className={classes.sheet} dir={rtl ? "rtl" : "ltr"} data-testid="list-print">
            <header className={classes.header}>
              {school?.logo && <img className={classes.logo} src={school.logo} alt="" />}
              <div>
                <p className={classes.school}>{school?.name}</p>
                <p className={classes.title}>{names.title}</p>
              </div>
            </header>
            {printed.notes.map((n) => (
              <p key={n} className={classes.notes}>
                {n}
              </p>
            ))}
            <table className={classes.table}>
              <thead>
                <tr>
                  {printed.headers.map((h) => (
                    <th key={h}>{h}</th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {printed.rows.map((row, i) => (
                  // biome-ignore lint/suspicious/noArrayIndexKey: a printed row has no identity of its own and never moves.
                  <tr key={i}>
                    {row.map((cell, j) => (
                      // biome-ignore lint/suspicious/noArrayIndexKey: the columns' order is fixed.
                      <td key={j}>
                        <bdi>{cell}</bdi>
                      </td>
                    ))}
                  </tr>
                ))}
              </tbody>
            </table>
          </div>,
          document.body,
        )}
    </>
  );
}
