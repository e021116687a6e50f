import { Badge, Text } from "@mantine/core";
import { IconStarFilled } from "@tabler/icons-react";
import { type BatchRow, batchResource } from "@taleem/contract";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { api } from "../../lib/api";
import { notify } from "../../lib/notify";
import { useErrorText } from "../../ui/api-error";
import { ConfirmDialog } from "../../ui/confirm-dialog";
import { ResourceList, resourceKeys } from "../../ui/resource";
import { useCan } from "../../ui/use-can";
import { iso } from "./isolate";
import { viewOf } from "./resource-view";

const batches = viewOf(batchResource, "academics:batches");

/** Academic years; exactly one is the school's active year, which new work lands in. */
export function BatchesPage() {
  const { t } = useTranslation(["academics", "admin"]);
  const allowed = useCan();
  const qc = useQueryClient();
  const errorText = useErrorText();
  const [activating, setActivating] = useState<BatchRow | null>(null);
  const makeActive = useMutation({
    mutationFn: (b: BatchRow) => api.put<{ message: string; data: BatchRow }>("/admin/api/batch/make-active-batch", { id: b.id }),
    onSuccess: (_r, b) => {
      notify.success(t("academics:batches.madeActive", { name: iso(b.name) }));
      void qc.invalidateQueries({ queryKey: resourceKeys("batch").all });
      setActivating(null);
    },
    onError: (e) => notify.error(`${t("academics:batches.makeActiveFailed")} ${errorText(e)}`),
  });
  return (
    <>
      <ResourceList<BatchRow>
        definition={batches}
        description={t("academics:batches.description")}
        cells={{
          name: (b) => (
            <Text size="sm" fw={b.active ? 600 : 400}>
              <bdi>{b.name}</bdi>
            </Text>
          ),
          active: (b) =>
            b.active ? (
              <Badge color="teal" variant="light" leftSection={<IconStarFilled size={10} />}>
                {t("academics:batches.activeBadge")}
              </Badge>
            ) : (
              <Text span size="sm" c="dimmed">
                {t("admin:common.no")}
              </Text>
            ),
        }}
        rowActions={
          allowed("academics", "edit")
            ? [
                {
                  key: "make-active",
                  label: t("academics:batches.makeActive"),
                  icon: <IconStarFilled size={16} />,
                  onClick: setActivating,
                  hidden: (b) => b.active,
                },
              ]
            : []
        }
        canDelete={(b) => !b.active}
      />
      <ConfirmDialog
        opened={!!activating}
        title={t("academics:batches.makeActiveTitle", { name: iso(activating?.name) })}
        confirmLabel={t("academics:batches.makeActive")}
        loading={makeActive.isPending}
        onClose={() => setActivating(null)}
        onConfirm={() => activating && makeActive.mutate(activating)}
      >
        {t("academics:batches.makeActiveText")}
      </ConfirmDialog>
    </>
  );
}
