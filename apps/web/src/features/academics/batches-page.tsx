import { Badge, Text } from "@mantine/core";
import { IconStarFilled } from "@tabler/icons-react";
import { type BatchRow, batchResource, makeActiveBatch } from "@taleem/contract";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { iso } from "../../lib/isolate";
import { notify } from "../../lib/notify";
import { useAction } from "../../lib/use-action";
import { useErrorText } from "../../ui/api-error";
import { ConfirmDialog } from "../../ui/confirm-dialog";
import { ResourceList } from "../../ui/resource";
import { useCan } from "../../ui/use-can";

/** Academic years; exactly one is the school's active year, which new work lands in. */
export function BatchesPage() {
  const { t } = useTranslation(["academics", "admin"]);
  const allowed = useCan();
  const errorText = useErrorText();
  const [activating, setActivating] = useState<BatchRow | null>(null);
  const makeActive = useAction(makeActiveBatch);
  const activate = (b: BatchRow) =>
    makeActive.mutate(
      { body: { id: b.id } },
      {
        onSuccess: () => {
          notify.success(t("academics:batches.madeActive", { name: iso(b.name) }));
          setActivating(null);
        },
        onError: (e) => notify.error(`${t("academics:batches.makeActiveFailed")} ${errorText(e)}`),
      },
    );
  return (
    <>
      <ResourceList<BatchRow>
        definition={batchResource}
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
        onConfirm={() => activating && activate(activating)}
      >
        {t("academics:batches.makeActiveText")}
      </ConfirmDialog>
    </>
  );
}
