import { Button, Card, Group, Loader, Stack, Text, ThemeIcon, Title } from "@mantine/core";
import { IconAlertTriangle, IconCircleCheck, IconRefresh } from "@tabler/icons-react";
import { verifyFeePayment } from "@taleem/contract";
import { type ReactNode, useEffect, useRef } from "react";
import { useTranslation } from "react-i18next";
import { Link, useSearchParams } from "react-router";
import { answerOf, keptOrder, type PendingOrder } from "../../../lib/provider-checkout";
import { useAction } from "../../../lib/use-action";
import { useErrorText } from "../../../ui/api-error";
import { Money } from "../../../ui/money";
import { usePayNow } from "./parent-fees-page";
import { ReceiptDownloadButton } from "./receipt-download";

function Failure({ title, text, order, onCheckAgain }: { title: string; text: string; order: PendingOrder | null; onCheckAgain?: () => void }) {
  const { t } = useTranslation("parent");
  const { pay, paying } = usePayNow();
  const studentId = order?.studentId;
  return (
    <Card withBorder radius="md" padding="lg" data-testid="fees-paid-failed" role="alert">
      <Group wrap="nowrap" align="flex-start" gap="md">
        <ThemeIcon size={44} radius="xl" color="red" variant="light">
          <IconAlertTriangle size={26} aria-hidden />
        </ThemeIcon>
        <div style={{ minWidth: 0 }}>
          <Title order={3} size="h4">
            {title}
          </Title>
          <Text size="sm" mt={4}>
            {text}
          </Text>
        </div>
      </Group>
      <Stack gap="xs" mt="md">
        {onCheckAgain ? (
          <Button leftSection={<IconRefresh size={18} aria-hidden />} onClick={onCheckAgain} data-testid="fees-check-again">
            {t("fees.paidPage.checkAgain")}
          </Button>
        ) : (
          studentId !== undefined && (
            <Button
              leftSection={<IconRefresh size={18} aria-hidden />}
              loading={paying !== null}
              onClick={() => pay(studentId, order?.feeIds)}
              data-testid="fees-retry"
            >
              {t("fees.paidPage.retry")}
            </Button>
          )
        )}
        <Button variant="default" component={Link} to={studentId ? `/parent/fees?student=${studentId}` : "/parent/fees"}>
          {t("fees.paidPage.back")}
        </Button>
      </Stack>
    </Card>
  );
}

/**
 * Where the provider sends the parent back (/parent/fees/paid): its answer is in the address and
 * the order this tab opened is in sessionStorage. The server verifies the signature (or asks the
 * provider) and records the payment once; only its word shows "Paid", with the receipt.
 */
export function FeesPaidPage() {
  const { t } = useTranslation("parent");
  const errorText = useErrorText();
  const [params] = useSearchParams();
  const answer = answerOf(params);
  const order = keptOrder(answer.kind === "paid" ? answer.payment.razorpay_order_id : answer.kind === "failed" ? answer.providerOrderId : null);
  const verify = useAction(verifyFeePayment);
  const asked = useRef<string | null>(null);
  const payment = answer.kind === "paid" ? answer.payment : null;

  // Once per provider payment, however often the page renders (and again after a reload: the
  // server answers the same receipt for a payment it already recorded).
  useEffect(() => {
    if (!payment || !order || asked.current === payment.razorpay_payment_id) return;
    asked.current = payment.razorpay_payment_id;
    verify.mutate({ body: { orderId: order.orderId, payment } });
  }, [payment, order, verify]);

  let body: ReactNode;
  if (answer.kind === "none" || !order) body = <Failure title={t("fees.paidPage.unknownTitle")} text={t("fees.paidPage.unknownText")} order={order} />;
  else if (answer.kind === "failed") body = <Failure title={t("fees.paidPage.failedTitle")} text={t("fees.paidPage.failedText")} order={order} />;
  else if (verify.isError)
    body = (
      <Failure
        title={t("fees.paidPage.notConfirmedTitle")}
        text={`${t("fees.paidPage.notConfirmedText")} ${errorText(verify.error)}`}
        order={order}
        onCheckAgain={() => verify.mutate({ body: { orderId: order.orderId, payment: answer.payment } })}
      />
    );
  else if (verify.data?.data.status === "failed") body = <Failure title={t("fees.paidPage.failedTitle")} text={t("fees.paidPage.failedText")} order={order} />;
  else if (verify.data?.data.status === "paid") {
    const { receiptId, receiptNumber, amount } = verify.data.data;
    body = (
      <Card withBorder radius="md" padding="lg" data-testid="fees-paid">
        <Group wrap="nowrap" align="flex-start" gap="md">
          <ThemeIcon size={44} radius="xl" color="teal" variant="light">
            <IconCircleCheck size={26} aria-hidden />
          </ThemeIcon>
          <div style={{ minWidth: 0 }}>
            <Title order={3} size="h4" data-testid="fees-paid-receipt">
              {receiptNumber ? (
                <>
                  {t("fees.paidPage.paidReceipt")}{" "}
                  <bdi dir="ltr" style={{ whiteSpace: "nowrap" }}>
                    {receiptNumber}
                  </bdi>
                </>
              ) : (
                t("fees.paidPage.paid")
              )}
            </Title>
            <Text fz={24} fw={700} mt={4}>
              <Money value={amount} currency={order.currency} />
            </Text>
            <Text size="sm" c="dimmed" mt={4}>
              {t("fees.paidPage.paidText")}
            </Text>
          </div>
        </Group>
        <Stack gap="xs" mt="md">
          {receiptId !== null && receiptNumber && <ReceiptDownloadButton receiptId={receiptId} number={receiptNumber} variant="filled" />}
          <Button variant="default" component={Link} to={order.studentId ? `/parent/fees?student=${order.studentId}` : "/parent/fees"}>
            {t("fees.paidPage.back")}
          </Button>
        </Stack>
      </Card>
    );
  } else
    body = (
      <Card withBorder radius="md" padding="lg" data-testid="fees-paid-checking">
        <Group gap="sm" wrap="nowrap" role="status" aria-live="polite">
          <Loader size="sm" />
          <Text>{t("fees.paidPage.checking")}</Text>
        </Group>
      </Card>
    );

  return (
    <Stack gap="sm">
      <Title order={2}>{t("fees.title")}</Title>
      {body}
    </Stack>
  );
}
