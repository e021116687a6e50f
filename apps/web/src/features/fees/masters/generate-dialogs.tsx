import { Alert, Button, Group, Modal, SimpleGrid, Stack, Table, Text } from "@mantine/core";
import { IconAlertCircle } from "@tabler/icons-react";
import { type ActionReply, type FeeMasterRow, generateFeePayments, updateFeePayments } from "@taleem/contract";
import { useMutation, useQuery } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { callAction } from "../../../lib/call-action";
import { formatDate, formatNumber } from "../../../lib/format";
import { notify } from "../../../lib/notify";
import { useRefreshAfter } from "../../../lib/use-action";
import { useErrorText } from "../../../ui/api-error";
import { LoadingState } from "../../../ui/list-states";
import { Money } from "../../../ui/money";

type Generated = ActionReply<typeof generateFeePayments>;

function Count({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div>
      <Text size="xs" c="dimmed" fw={600}>
        {label}
      </Text>
      <Text fw={700} size="lg">
        {children}
      </Text>
    </div>
  );
}

function Figures({ g }: { g: Generated }) {
  const { t } = useTranslation("fees");
  return (
    <SimpleGrid cols={{ base: 2, sm: 5 }} spacing="xs">
      <Count label={t("masters.gen.students")}>
        <bdi>{formatNumber(g.students)}</bdi>
      </Count>
      <Count label={t("masters.gen.created")}>
        <bdi>{formatNumber(g.created)}</bdi>
      </Count>
      <Count label={t("masters.gen.existing")}>
        <bdi>{formatNumber(g.existing)}</bdi>
      </Count>
      <Count label={t("masters.gen.total")}>
        <Money value={g.total} />
      </Count>
      <Count label={t("masters.gen.concession")}>
        <Money value={g.concession} />
      </Count>
    </SimpleGrid>
  );
}

/**
 * Generate dues from a fee structure: first what it would make (preview, nothing made), then
 * Generate. Running it again makes only what is missing, so a second run makes nothing.
 */
export function GenerateDialog({ master, onClose }: { master: FeeMasterRow | null; onClose: () => void }) {
  const { t } = useTranslation(["fees", "admin"]);
  const errorText = useErrorText();
  const refresh = useRefreshAfter();
  const preview = useQuery({
    queryKey: ["fees-generate-preview", master?.id],
    queryFn: () => callAction(generateFeePayments, { body: { feeMasterId: master!.id, preview: true } }),
    enabled: !!master,
    gcTime: 0,
  });
  const run = useMutation({
    mutationFn: () => callAction(generateFeePayments, { body: { feeMasterId: master!.id, preview: false } }),
    onSuccess: (g) => {
      void refresh(generateFeePayments);
      notify.success(t("masters.gen.done", { created: formatNumber(g.created), students: formatNumber(g.students) }));
      onClose();
    },
    onError: (e) => notify.error(errorText(e)),
  });
  const g = preview.data;
  return (
    <Modal
      opened={!!master}
      onClose={onClose}
      title={t("masters.gen.title", { name: master?.name ?? "" })}
      size="xl"
      centered
      closeButtonProps={{ "aria-label": t("admin:actions.close") }}
    >
      <Stack gap="md">
        <Text size="sm">{t("masters.gen.text")}</Text>
        {preview.isPending && <LoadingState text={t("masters.gen.previewing")} />}
        {preview.isError && (
          <Alert color="red" icon={<IconAlertCircle size={18} />} role="alert">
            {errorText(preview.error)}
          </Alert>
        )}
        {g && (
          <>
            <Figures g={g} />
            {g.created === 0 ? (
              <Alert color="blue" variant="light">
                {t("masters.gen.nothing")}
              </Alert>
            ) : (
              <>
                <Text size="sm" c="dimmed">
                  {t("masters.gen.sample", { n: formatNumber(g.sample.length) })}
                </Text>
                <Table.ScrollContainer minWidth={560} type="native" mah={320}>
                  <Table striped verticalSpacing={4} data-testid="generate-preview">
                    <Table.Thead>
                      <Table.Tr>
                        <Table.Th>{t("dues.fields.studentName")}</Table.Th>
                        <Table.Th>{t("dues.fields.name")}</Table.Th>
                        <Table.Th>{t("dues.fields.dueDate")}</Table.Th>
                        <Table.Th ta="end">{t("dues.fields.amount")}</Table.Th>
                        <Table.Th ta="end">{t("dues.fields.concession")}</Table.Th>
                      </Table.Tr>
                    </Table.Thead>
                    <Table.Tbody>
                      {g.sample.map((d) => (
                        <Table.Tr key={`${d.studentId}-${d.name}-${d.dueDate}`}>
                          <Table.Td>
                            <bdi>{d.studentName}</bdi>{" "}
                            <Text span size="xs" c="dimmed">
                              <bdi dir="ltr">{d.admissionNo}</bdi>
                            </Text>
                          </Table.Td>
                          <Table.Td>
                            <bdi>{d.name}</bdi>
                          </Table.Td>
                          <Table.Td>
                            <bdi>{formatDate(d.dueDate)}</bdi>
                          </Table.Td>
                          <Table.Td ta="end">
                            <Money value={d.amount} />
                          </Table.Td>
                          <Table.Td ta="end">
                            <Money value={d.concession} />
                          </Table.Td>
                        </Table.Tr>
                      ))}
                    </Table.Tbody>
                  </Table>
                </Table.ScrollContainer>
              </>
            )}
          </>
        )}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose} disabled={run.isPending}>
            {t("admin:actions.cancel")}
          </Button>
          <Button onClick={() => run.mutate()} loading={run.isPending} disabled={!g || g.created === 0}>
            {t("masters.gen.generate")}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

type Updated = ActionReply<typeof updateFeePayments>;

/** Carries a changed structure to the dues nobody paid against, then says which were left alone and why. */
export function UpdatePaymentsDialog({ master, onClose }: { master: FeeMasterRow | null; onClose: () => void }) {
  const { t } = useTranslation(["fees", "admin"]);
  const errorText = useErrorText();
  const refresh = useRefreshAfter();
  const run = useMutation({
    mutationFn: () => callAction(updateFeePayments, { body: { feeMasterId: master!.id } }),
    onSuccess: () => void refresh(updateFeePayments),
  });
  const close = () => {
    run.reset();
    onClose();
  };
  const r: Updated | undefined = run.data;
  return (
    <Modal
      opened={!!master}
      onClose={close}
      title={t("masters.upd.title", { name: master?.name ?? "" })}
      size="lg"
      centered
      closeButtonProps={{ "aria-label": t("admin:actions.close") }}
    >
      <Stack gap="md">
        {!r && <Text size="sm">{t("masters.upd.text")}</Text>}
        {run.isError && (
          <Alert color="red" icon={<IconAlertCircle size={18} />} role="alert">
            {errorText(run.error)}
          </Alert>
        )}
        {r && (
          <>
            <SimpleGrid cols={3} spacing="xs" data-testid="update-result">
              <Count label={t("masters.upd.updated")}>
                <bdi>{formatNumber(r.updated)}</bdi>
              </Count>
              <Count label={t("masters.upd.created")}>
                <bdi>{formatNumber(r.created)}</bdi>
              </Count>
              <Count label={t("masters.upd.cancelled")}>
                <bdi>{formatNumber(r.cancelled)}</bdi>
              </Count>
            </SimpleGrid>
            {r.leftAlone.length === 0 ? (
              <Text size="sm" c="dimmed">
                {t("masters.upd.noneLeft")}
              </Text>
            ) : (
              <>
                <Text size="sm" fw={600}>
                  {t("masters.upd.leftAlone", { n: formatNumber(r.leftAlone.length) })}
                </Text>
                <Table.ScrollContainer minWidth={420} type="native" mah={300}>
                  <Table striped verticalSpacing={4}>
                    <Table.Tbody>
                      {r.leftAlone.map((l) => (
                        <Table.Tr key={l.feeId}>
                          <Table.Td>
                            <bdi>{l.studentName}</bdi>
                          </Table.Td>
                          <Table.Td>
                            <bdi>{l.name}</bdi>
                          </Table.Td>
                          <Table.Td>{t(`masters.upd.reasons.${l.reason}`)}</Table.Td>
                        </Table.Tr>
                      ))}
                    </Table.Tbody>
                  </Table>
                </Table.ScrollContainer>
              </>
            )}
          </>
        )}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={close} disabled={run.isPending}>
            {r ? t("admin:actions.close") : t("admin:actions.cancel")}
          </Button>
          {!r && (
            <Button onClick={() => run.mutate()} loading={run.isPending}>
              {t("masters.upd.apply")}
            </Button>
          )}
        </Group>
      </Stack>
    </Modal>
  );
}
