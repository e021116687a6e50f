import { Button, Group } from "@mantine/core";
import { IconDownload, IconEye } from "@tabler/icons-react";
import { actionUrl, type ChecklistLogRow, ChecklistLogStatus, checklistLogResource, exportChecklists } from "@taleem/contract";
import { useMutation } from "@tanstack/react-query";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useSearchParams } from "react-router";
import { api } from "../../lib/api";
import { notify } from "../../lib/notify";
import { useErrorText } from "../../ui/api-error";
import { ResourceList, useResourceOptions } from "../../ui/resource";
import { saveBlob } from "../../ui/resource/list-spreadsheet";
import { useCan } from "../../ui/use-can";
import { ChecklistReviewDialog } from "./checklist-review-dialog";

/** Submissions, missed periods among them, with their answers and photos; a reviewer approves or rejects, and the office downloads them as CSV. */
export function ChecklistLogsPage() {
  const { t } = useTranslation("checklists");
  const errorText = useErrorText();
  const can = useCan();
  const [search] = useSearchParams();
  const [open, setOpen] = useState<ChecklistLogRow | null>(null);
  const checklistId = search.get("checklistId") || undefined;
  const checklists = useResourceOptions("checklists", "name");
  const people = useResourceOptions("user", "name", can("users", "view"));
  const download = useMutation({
    mutationFn: () =>
      api.download(
        actionUrl(exportChecklists, {}),
        {
          checklistId,
          startDate: search.get("startDateFrom") || undefined,
          endDate: search.get("startDateTo") || undefined,
          status: search.get("status") || undefined,
        },
        `checklist-data-${checklistId ?? "all"}.csv`,
      ),
    onSuccess: ({ blob, filename }) => saveBlob(blob, filename),
    onError: (e) => notify.error(errorText(e)),
  });
  return (
    <>
      <ResourceList<ChecklistLogRow>
        definition={checklistLogResource}
        rowLabel={(r) => r.checklistName}
        canEdit={() => false}
        filterOptions={{
          checklistId: checklists.options,
          submittedBy: people.options,
          status: ChecklistLogStatus.options.map((v) => ({ value: v, label: t(`logs.options.status.${v}`) })),
        }}
        rowActions={[{ key: "open", label: t("open"), icon: <IconEye size={16} />, onClick: setOpen }]}
        toolbar={
          can("checklists", "review") ? (
            <Group>
              <Button variant="light" leftSection={<IconDownload size={16} />} loading={download.isPending} onClick={() => download.mutate()}>
                {t("export")}
              </Button>
            </Group>
          ) : null
        }
      />
      <ChecklistReviewDialog log={open} onClose={() => setOpen(null)} canReview={can("checklists", "review")} />
    </>
  );
}
