import { bulkUpdateHall, type HallRow } from "@taleem/contract";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { formatNumber } from "../../lib/format";
import { notify } from "../../lib/notify";
import { useAction } from "../../lib/use-action";
import { useErrorText } from "../../ui/api-error";
import { StudentPickDialog, useStudentSearch } from "../../ui/student-pick-list";
import { useSelection } from "../../ui/use-selection";

/**
 * Puts many students in a hall at once: search, tick (or tick every one shown), add. One call, all
 * or none; a student in another hall of the same kind moves here, and the reply says from where.
 */
export function AddStudentsDialog({ hall, inHall, opened, onClose }: { hall: HallRow; inHall: ReadonlySet<number>; opened: boolean; onClose: () => void }) {
  const { t } = useTranslation(["halls", "admin"]);
  const errorText = useErrorText();
  const add = useAction(bulkUpdateHall);
  const found = useStudentSearch(opened, "hall", hall.gender ? { gender: hall.gender } : {});
  const selection = useSelection();
  const { chosen, reset } = selection;
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    if (!opened) return;
    reset();
    setError(null);
  }, [opened, reset]);

  const submit = () => {
    setError(null);
    add.mutate(
      { body: { id: hall.id, studentIds: [...chosen], replace: false } },
      {
        onSuccess: (r) => {
          notify.success(t("students.added", { n: formatNumber(r.added), hall: hall.name }));
          for (const m of r.moved) notify.info(t("students.moved", { name: m.name, from: m.fromHall }));
          onClose();
        },
        onError: (e) => setError(errorText(e)),
      },
    );
  };

  return (
    <StudentPickDialog
      opened={opened}
      onClose={onClose}
      title={t("students.addTitle", { hall: hall.name })}
      intro={t("students.addText", { capacity: formatNumber(hall.capacity), count: formatNumber(hall.studentCount) })}
      error={error}
      submit={{ label: t("students.addButton", { n: formatNumber(chosen.size) }), disabled: !chosen.size, pending: add.isPending, onClick: submit }}
      list={{
        found,
        selection,
        placeOf: (s) => (inHall.has(s.id) ? "here" : undefined),
        labels: {
          search: t("students.search"),
          selectShown: (n) => t("students.selectShown", { n }),
          chosen: (n) => t("students.chosen", { n }),
          list: t("students.list"),
          row: (s) => s.name,
        },
        countTestId: "hall-chosen-count",
        phoneReserve: 320,
      }}
    />
  );
}
