import { Badge, Textarea } from "@mantine/core";
import { IconCheck, IconX } from "@tabler/icons-react";
import { approveLeave, type LeaveApplicationRow, type LeaveTypeRow, leaveApplicationResource, leaveTypeResource, rejectLeave } from "@taleem/contract";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { notify } from "../../../lib/notify";
import { useAction } from "../../../lib/use-action";
import { useErrorText } from "../../../ui/api-error";
import { ConfirmDialog } from "../../../ui/confirm-dialog";
import { useReferenceName } from "../../../ui/reference-name";
import { ResourceList } from "../../../ui/resource";
import { useCan } from "../../../ui/use-can";

export const STATUS_COLOR = { pending: "yellow", approved: "teal", rejected: "red" } as const;

/** An application's leave type as a reference row: named as the apply form names it (a standard type in the reader's language). */
export const leaveTypeOf = (row: LeaveApplicationRow) => ({ name: row.leaveTypeName, nameNative: row.leaveTypeNameNative, builtinKey: row.leaveTypeKey });

type Deciding = { row: LeaveApplicationRow; decision: "approve" | "reject" } | null;

/** The office's applications to decide: filters and paging from the list, approve or reject from each row. */
export function LeaveApplicationsPage() {
  const { t } = useTranslation("leave");
  const typeName = useReferenceName("leaveTypes");
  const errorText = useErrorText();
  const can = useCan();
  const [deciding, setDeciding] = useState<Deciding>(null);
  const [note, setNote] = useState("");
  const approve = useAction(approveLeave);
  const reject = useAction(rejectLeave);
  const pending = (row: LeaveApplicationRow) => row.status !== "pending" || !can("attendance", "edit");
  const open = (row: LeaveApplicationRow, decision: "approve" | "reject") => {
    setNote("");
    setDeciding({ row, decision });
  };
  const done = { onSuccess: () => setDeciding(null), onError: (e: unknown) => notify.error(errorText(e)) };
  const confirm = () => {
    if (!deciding) return;
    const params = { id: deciding.row.id };
    if (deciding.decision === "approve") approve.mutate({ params, body: { comment: note || undefined } }, done);
    else reject.mutate({ params, body: { reason: note } }, done);
  };

  return (
    <>
      <ResourceList<LeaveApplicationRow>
        definition={leaveApplicationResource}
        canEdit={(row) => row.status === "pending"}
        cells={{
          leaveTypeName: (row) => typeName(leaveTypeOf(row)),
          status: (row) => <Badge color={STATUS_COLOR[row.status]}>{t(`status.${row.status}`)}</Badge>,
        }}
        rowActions={[
          { key: "approve", label: t("decide.approve"), icon: <IconCheck size={16} />, color: "teal", onClick: (row) => open(row, "approve"), hidden: pending },
          { key: "reject", label: t("decide.reject"), icon: <IconX size={16} />, color: "red", onClick: (row) => open(row, "reject"), hidden: pending },
        ]}
        rowLabel={(row) => row.personName}
        description={t("applications.description")}
      />
      <ConfirmDialog
        opened={!!deciding}
        title={deciding ? t(`decide.${deciding.decision}Title`, { name: deciding.row.personName }) : ""}
        confirmLabel={deciding ? t(`decide.${deciding.decision}`) : ""}
        danger={deciding?.decision === "reject"}
        loading={approve.isPending || reject.isPending}
        confirmDisabled={deciding?.decision === "reject" && !note.trim()}
        onConfirm={confirm}
        onClose={() => setDeciding(null)}
      >
        <Textarea
          label={deciding?.decision === "reject" ? t("decide.reason") : t("decide.comment")}
          required={deciding?.decision === "reject"}
          value={note}
          onChange={(e) => setNote(e.currentTarget.value)}
          maxLength={500}
          autosize
          minRows={2}
        />
      </ConfirmDialog>
    </>
  );
}

/** The school's leave types and their yearly allowances, a standard one named as the apply form names it. */
export function LeaveTypesPage() {
  const typeName = useReferenceName("leaveTypes");
  return <ResourceList<LeaveTypeRow> definition={leaveTypeResource} cells={{ name: (row) => typeName(row) }} canDelete={(row) => !row.builtinKey} />;
}
