import { Badge, Button, Stack, Text, Textarea } from "@mantine/core";
import { IconCheck, IconHourglass, IconX } from "@tabler/icons-react";
import { approveMaterial, type MaterialRow, materialResource } from "@taleem/contract";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useSearchParams } from "react-router";
import { notify } from "../../lib/notify";
import { useAction } from "../../lib/use-action";
import { useErrorText } from "../../ui/api-error";
import { ConfirmDialog } from "../../ui/confirm-dialog";
import { ResourceList } from "../../ui/resource";
import { useCan } from "../../ui/use-can";
import { MaterialContent, STATUS_COLOR } from "./material-content";

type Deciding = { row: MaterialRow; decision: "approved" | "rejected" } | null;

/** The office's materials: the generic list, a "waiting for approval" view, and approve or reject on each waiting one. */
export function MaterialsPage() {
  const { t } = useTranslation("materials");
  const errorText = useErrorText();
  const can = useCan();
  const [search, setSearch] = useSearchParams();
  const [deciding, setDeciding] = useState<Deciding>(null);
  const [reason, setReason] = useState("");
  const approve = useAction(approveMaterial);
  const waitingOnly = search.get("status") === "pending";
  const undecidable = (row: MaterialRow) => row.status !== "pending" || !can("materials", "approve");
  const open = (row: MaterialRow, decision: "approved" | "rejected") => {
    setReason("");
    setDeciding({ row, decision });
  };
  const confirm = () =>
    deciding &&
    approve.mutate(
      { body: { id: deciding.row.id, status: deciding.decision, reason: reason || undefined } },
      {
        onSuccess: () => {
          setDeciding(null);
          notify.success(t(deciding.decision === "approved" ? "decide.approved" : "decide.rejected"));
        },
        onError: (e) => notify.error(errorText(e)),
      },
    );

  return (
    <>
      <ResourceList<MaterialRow>
        definition={materialResource}
        rowLabel={(row) => row.title}
        cells={{
          status: (row) => <Badge color={STATUS_COLOR[row.status]}>{t(`materials.options.status.${row.status}`)}</Badge>,
          title: (row) => (
            <Stack gap={2}>
              <Text size="sm" fw={600} dir="auto">
                {row.title}
              </Text>
              <MaterialContent material={row} file={row.file ?? row.recording ?? ""} />
            </Stack>
          ),
        }}
        toolbar={
          <Button
            variant={waitingOnly ? "filled" : "light"}
            leftSection={<IconHourglass size={16} aria-hidden />}
            aria-pressed={waitingOnly}
            onClick={() => {
              const next = new URLSearchParams(search);
              if (waitingOnly) next.delete("status");
              else next.set("status", "pending");
              next.delete("page");
              setSearch(next);
            }}
          >
            {t("waiting")}
          </Button>
        }
        rowActions={[
          {
            key: "approve",
            label: t("decide.approve"),
            icon: <IconCheck size={16} />,
            color: "teal",
            onClick: (row) => open(row, "approved"),
            hidden: undecidable,
          },
          { key: "reject", label: t("decide.reject"), icon: <IconX size={16} />, color: "red", onClick: (row) => open(row, "rejected"), hidden: undecidable },
        ]}
        form={{
          fieldOptions: {
            file: { description: t("hints.file") },
            recording: { description: t("hints.recording") },
            link: { description: t("hints.link") },
          },
        }}
      />
      <ConfirmDialog
        opened={!!deciding}
        title={deciding ? t(deciding.decision === "approved" ? "decide.approveTitle" : "decide.rejectTitle", { title: deciding.row.title }) : ""}
        confirmLabel={deciding ? t(deciding.decision === "approved" ? "decide.approve" : "decide.reject") : ""}
        danger={deciding?.decision === "rejected"}
        loading={approve.isPending}
        confirmDisabled={deciding?.decision === "rejected" && !reason.trim()}
        onConfirm={() => void confirm()}
        onClose={() => setDeciding(null)}
      >
        {deciding?.decision === "rejected" ? (
          <Textarea
            label={t("decide.reason")}
            required
            value={reason}
            onChange={(e) => setReason(e.currentTarget.value)}
            maxLength={500}
            autosize
            minRows={2}
          />
        ) : (
          <Text size="sm">{t("decide.approveText")}</Text>
        )}
      </ConfirmDialog>
    </>
  );
}
