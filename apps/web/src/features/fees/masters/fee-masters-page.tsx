import { IconRefresh, IconUsersPlus } from "@tabler/icons-react";
import { type FeeMasterRow, feeMasterResource } from "@taleem/contract";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useChoiceFilters } from "../../../lib/resource-view";
import { ResourceList, useResourceOptions } from "../../../ui/resource";
import { useCan } from "../../../ui/use-can";
import { linesField } from "./fee-lines-field";
import { fineRuleField } from "./fine-rule-field";
import { GenerateDialog, UpdatePaymentsDialog } from "./generate-dialogs";

/** A saved structure's lines as the form edits them: the reply's worked-out total is not sent back. */
const toFormValues = (row: FeeMasterRow) => ({ ...row, lines: row.lines.map(({ total: _total, ...line }) => line) });

/**
 * Fee structures: heads with amounts, instalments and due dates for an academic year, narrowed to
 * a course, a class or a group; a late fine; then Generate dues (previewed first) and Update
 * dues after a change (what was paid against is left alone, and listed).
 */
export function FeeMastersPage() {
  const { t } = useTranslation("fees");
  const allowed = useCan();
  const batches = useResourceOptions("batch", "name");
  const courses = useResourceOptions("course", "name");
  const groups = useResourceOptions("student-group", "name");
  const choices = { batchId: batches.options, courseId: courses.options, groupId: groups.options };
  const definition = useChoiceFilters(feeMasterResource, choices);
  const [generating, setGenerating] = useState<FeeMasterRow | null>(null);
  const [updating, setUpdating] = useState<FeeMasterRow | null>(null);
  return (
    <>
      <ResourceList<FeeMasterRow>
        definition={definition}
        filterOptions={choices}
        form={{ toFormValues, fieldOptions: { lines: linesField, fineRule: fineRuleField } }}
        rowActions={[
          ...(allowed("fees", "add") ? [{ key: "generate", label: t("masters.gen.action"), icon: <IconUsersPlus size={16} />, onClick: setGenerating }] : []),
          ...(allowed("fees", "edit") ? [{ key: "update", label: t("masters.upd.action"), icon: <IconRefresh size={16} />, onClick: setUpdating }] : []),
        ]}
        cells={{
          name: (r) => <bdi>{r.name}</bdi>,
          batchName: (r) => <bdi>{r.batchName}</bdi>,
          courseName: (r) => (r.courseName ? <bdi>{r.courseName}</bdi> : t("masters.everyCourse")),
        }}
      />
      <GenerateDialog master={generating} onClose={() => setGenerating(null)} />
      <UpdatePaymentsDialog master={updating} onClose={() => setUpdating(null)} />
    </>
  );
}
