import { Card, Group, Loader, Stack, Text, Title } from "@mantine/core";
import { rechargeWallet } from "@taleem/contract";
import { useEffect, useRef } from "react";
import { useTranslation } from "react-i18next";
import { useNavigate, useSearchParams } from "react-router";
import { useAuth } from "../../../lib/auth-store";
import { notify } from "../../../lib/notify";
import { answerOf, keptOrder } from "../../../lib/provider-checkout";
import { useAction } from "../../../lib/use-action";
import { useErrorText } from "../../../ui/api-error";
import { useAreaPath } from "../../../ui/area-path";
import { formatMinor } from "../../../ui/resource/money";

/**
 * Where the payment provider sends the school back after a recharge: the server verifies the
 * provider's answer and credits the wallet (once, however often this is sent); the screen says
 * how it went and returns to the plan, whose wallets are read again.
 */
export function RechargedPage() {
  const { t } = useTranslation("settings");
  const errorText = useErrorText();
  const navigate = useNavigate();
  const to = useAreaPath();
  const code = useAuth((s) => s.user?.tenant.code ?? "");
  const [params] = useSearchParams();
  const recharge = useAction(rechargeWallet);
  const done = useRef(false);

  useEffect(() => {
    if (done.current) return;
    done.current = true;
    const back = () => navigate(to("settings/plan"), { replace: true });
    const answer = answerOf(params);
    const order = keptOrder(answer.kind === "paid" ? answer.payment.razorpay_order_id : answer.kind === "failed" ? answer.providerOrderId : null);
    if (answer.kind !== "paid" || !order) {
      notify.error(`${t("plan.recharge.failed")}: ${answer.kind === "failed" ? t("plan.recharge.notPaid") : t("plan.recharge.unknown")}`);
      back();
      return;
    }
    recharge.mutate(
      { body: { taleemCode: code, payment: { orderId: order.orderId, ...answer.payment }, amount: order.amount } },
      {
        onSuccess: (reply) => {
          if (reply.success && reply.data)
            notify.success(
              `${t("plan.recharge.success")}. ${t("plan.recharge.credited", {
                amount: `\u2068${formatMinor(reply.data.credited, order.currency)}\u2069`,
                balance: `\u2068${formatMinor(reply.data.balance, order.currency)}\u2069`,
              })}`,
            );
          else notify.error(`${t("plan.recharge.failed")}: ${reply.message}`);
        },
        onError: (e) => notify.error(`${t("plan.recharge.failed")}: ${errorText(e)}`),
        onSettled: back,
      },
    );
  }, [params, code, navigate, to, recharge, t, errorText]);

  return (
    <Stack gap="md" maw={640}>
      <Title order={2}>{t("plan.title")}</Title>
      <Card withBorder radius="md" padding="lg" data-testid="recharge-checking">
        <Group gap="sm" wrap="nowrap" role="status" aria-live="polite">
          <Loader size="sm" />
          <Text>{t("plan.recharge.checking")}</Text>
        </Group>
      </Card>
    </Stack>
  );
}
