import { Alert, Button, Group, Paper, Stack, Table, Text, Title } from "@mantine/core";
import { IconArrowForward, IconCircleCheck, IconDownload, IconPrinter } from "@tabler/icons-react";
import { paymentReceiptPdf } from "@taleem/contract";
import { useMutation } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { notify } from "../../../lib/notify";
import { useErrorText } from "../../../ui/api-error";
import mirror from "../../../ui/mirror.module.css";
import { DocNumber, Money, StateBadge } from "../../../ui/money";
import { postForPdf, printFile, saveFile } from "../fees-calls";
import classes from "./counter.module.css";
import type { Collected } from "./use-take-payment";

/** The payment's receipt as a PDF (payment-receipt.pdf), to save or to print. */
export function useReceiptPdf(transactionId: number) {
  const errorText = useErrorText();
  const { t } = useTranslation("fees");
  return useMutation({
    mutationFn: (_: "save" | "print") => postForPdf(paymentReceiptPdf, { id: transactionId }, "payment-receipt.pdf"),
    onSuccess: ({ blob, filename }, how) => (how === "print" ? printFile(blob) : saveFile(blob, filename)),
    onError: (e) => notify.error(`${t("receipt.failed")} ${errorText(e)}`),
  });
}

/** After Take payment: the receipt number, where the money went, the balance left; download, print, Next. */
export function CounterReceipt({ paid, studentName, currency, onNext }: { paid: Collected; studentName: string; currency: string; onNext: () => void }) {
  const { t } = useTranslation("fees");
  const pdf = useReceiptPdf(paid.transactionId);
  return (
    <Paper withBorder radius="md" p="md" data-testid="counter-receipt">
      <Stack gap="md">
        <Group gap="sm" wrap="nowrap">
          <IconCircleCheck size={32} color="var(--mantine-color-teal-7)" aria-hidden />
          <div>
            <Title order={3}>{t("counter.paidTitle")}</Title>
            <Text size="sm" c="dimmed">
              {t("counter.paidText", { name: studentName, mode: t(`modes.${paid.mode}`) })}
            </Text>
          </div>
        </Group>
        {paid.repeated && (
          <Alert color="yellow" variant="light">
            {t("counter.repeated")}
          </Alert>
        )}
        <Group gap="xl" wrap="wrap">
          <div>
            <Text size="xs" c="dimmed" fw={600}>
              {t("counter.receiptNumber")}
            </Text>
            <Text className={classes.receiptNumber} data-testid="receipt-number">
              <DocNumber value={paid.receiptNumber} />
            </Text>
          </div>
          <div>
            <Text size="xs" c="dimmed" fw={600}>
              {t("counter.amount")}
            </Text>
            <Money value={paid.amount} currency={currency} fw={700} size="xl" />
          </div>
          <div>
            <Text size="xs" c="dimmed" fw={600}>
              {t("counter.balanceLeft")}
            </Text>
            <Money value={paid.balance} currency={currency} fw={700} size="xl" data-testid="balance-left" />
          </div>
          <div>
            <Text size="xs" c="dimmed" fw={600}>
              {t("payments.fields.status")}
            </Text>
            <StateBadge kind="payment" state={paid.status} />
          </div>
        </Group>
        {paid.allocations.length > 0 && (
          <Table verticalSpacing={4} aria-label={t("counter.allocations")}>
            <Table.Tbody>
              {paid.allocations.map((a, i) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: an allocation has no id; its order is the allocation's
                <Table.Tr key={i}>
                  <Table.Td>{a.kind === "advance" ? t("counter.advance") : <bdi>{a.feeName ?? ""}</bdi>}</Table.Td>
                  <Table.Td>{t(`counter.allocation.${a.kind}`)}</Table.Td>
                  <Table.Td ta="end">
                    <Money value={a.amount} currency={currency} />
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        )}
        <Group justify="space-between" wrap="wrap" gap="sm">
          <Group gap="sm">
            <Button
              variant="default"
              leftSection={<IconDownload size={16} />}
              loading={pdf.isPending && pdf.variables === "save"}
              onClick={() => pdf.mutate("save")}
            >
              {t("receipt.download")}
            </Button>
            <Button
              variant="default"
              leftSection={<IconPrinter size={16} />}
              loading={pdf.isPending && pdf.variables === "print"}
              onClick={() => pdf.mutate("print")}
            >
              {t("receipt.print")}
            </Button>
          </Group>
          <Button rightSection={<IconArrowForward size={16} className={mirror.mirror} />} onClick={onNext} autoFocus data-testid="counter-next">
            {t("counter.next")}
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}
