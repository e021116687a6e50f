import { Anchor } from "@mantine/core";
import { IconCash, IconId } from "@tabler/icons-react";
import { DUE_STATES, type FeeRow, feeResource } from "@taleem/contract";
import { useMemo } from "react";
import { useTranslation } from "react-i18next";
import { Link, useNavigate } from "react-router";
import { useChoiceFilters, withoutFilters } from "../../../lib/resource-view";
import { useAreaPath } from "../../../ui/area-path";
import { Money, StateBadge } from "../../../ui/money";
import { ResourceList, useResourceOptions } from "../../../ui/resource";
import { useCan } from "../../../ui/use-can";

/** Every student's dues with their figures from the ledger, by academic year, classroom, fee structure, head, state and date. */
export function DuesPage() {
  const { t } = useTranslation("fees");
  const to = useAreaPath();
  const navigate = useNavigate();
  const allowed = useCan();
  const batches = useResourceOptions("batch", "name");
  const rooms = useResourceOptions("classRoom", "label");
  const masters = useResourceOptions("feesmaster", "name");
  const states = useMemo(() => DUE_STATES.map((s) => ({ value: s, label: t(`states.due.${s}`) })), [t]);
  const choices = { batchId: batches.options, classroomId: rooms.options, feeMasterId: masters.options, state: states };
  // A student is found by the search box and their card; a filter of every student's id says nothing.
  const definition = useChoiceFilters(withoutFilters(feeResource, ["studentId"]), choices);
  return (
    <ResourceList<FeeRow>
      definition={definition}
      filterOptions={choices}
      rowLabel={(r) => `${r.studentName} · ${r.name}`}
      canEdit={(r) => r.paid === 0 && r.state !== "cancelled"}
      canDelete={(r) => r.paid === 0 && r.state !== "cancelled"}
      rowActions={[
        { key: "card", label: t("dues.openCard"), icon: <IconId size={16} />, onClick: (r) => navigate(to(`fees/student/${r.studentId}`)) },
        ...(allowed("fees", "collect")
          ? [
              {
                key: "collect",
                label: t("card.collect"),
                icon: <IconCash size={16} />,
                onClick: (r: FeeRow) => navigate(to(`fees/counter?studentId=${r.studentId}`)),
                hidden: (r: FeeRow) => r.balance <= 0,
              },
            ]
          : []),
      ]}
      cells={{
        studentName: (r) => (
          <Anchor component={Link} to={to(`fees/student/${r.studentId}`)} size="sm" fw={500}>
            <bdi>{r.studentName}</bdi>
          </Anchor>
        ),
        admissionNo: (r) => <bdi dir="ltr">{r.admissionNo}</bdi>,
        name: (r) => <bdi>{r.name}</bdi>,
        classroomLabel: (r) => (r.classroomLabel ? <bdi>{r.classroomLabel}</bdi> : "—"),
        balance: (r) => <Money value={r.balance + r.finePending} fw={600} />,
        state: (r) => <StateBadge kind="due" state={r.state} />,
      }}
    />
  );
}
