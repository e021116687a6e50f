import { Button, Chip, Group, Modal, Select, Stack, Text } from "@mantine/core";
import { IconCreditCard } from "@tabler/icons-react";
import { MESSAGE_CHANNELS, type MessageChannel, startRecharge } from "@taleem/contract";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";
import { useAuth } from "../../../lib/auth-store";
import { notify } from "../../../lib/notify";
import { openCheckout } from "../../../lib/provider-checkout";
import { useAction } from "../../../lib/use-action";
import { useErrorText } from "../../../ui/api-error";
import { useAreaPath } from "../../../ui/area-path";
import { formatMinor, majorToMinor, minorDigits } from "../../../ui/resource/money";
import { MoneyInput } from "../../../ui/resource/money-input";

/** The contract's bounds of a recharge, in minor units. */
const MIN = 100;
const MAX = 100_000_000;
/** Amounts a school usually tops up by, in major units: one tap instead of typing. */
const QUICK = [500, 1000, 2000, 5000];

/**
 * A recharge of one messaging wallet: the channel and the amount, then the payment provider's
 * checkout. The wallet is credited only when the provider's answer comes back and the server
 * has verified it (the recharged route).
 */
export function RechargeDialog({ opened, onClose, channel, currency }: { opened: boolean; onClose: () => void; channel: MessageChannel; currency: string }) {
  const { t } = useTranslation(["settings", "admin"]);
  const errorText = useErrorText();
  const navigate = useNavigate();
  const to = useAreaPath();
  const user = useAuth((s) => s.user);
  const [chosen, setChosen] = useState<MessageChannel>(channel);
  const [amount, setAmount] = useState("");
  const [touched, setTouched] = useState(false);
  const start = useAction(startRecharge);
  const minor = majorToMinor(amount, currency);
  const scale = 10 ** minorDigits(currency);
  const problem =
    minor === null
      ? t("plan.recharge.amountRequired")
      : minor < MIN
        ? t("plan.recharge.amountMin", { amount: formatMinor(MIN, currency) })
        : minor > MAX
          ? t("plan.recharge.amountMax", { amount: formatMinor(MAX, currency) })
          : null;

  const submit = () => {
    setTouched(true);
    if (problem || minor === null) return;
    start.mutate(
      { body: { channel: chosen, amount: minor } },
      {
        onSuccess: ({ data }) =>
          openCheckout(
            data,
            { channel: chosen },
            {
              callbackPath: to("settings/plan/recharged"),
              name: user?.tenant.name ?? "",
              prefill: { name: user?.name, contact: user?.mobile ?? undefined, email: user?.email ?? undefined },
              go: (path) => navigate(path),
            },
          ).catch(() => notify.error(t("plan.recharge.providerFailed"))),
        onError: (e) => notify.error(`${t("plan.recharge.failed")}: ${errorText(e)}`),
      },
    );
  };

  return (
    <Modal opened={opened} onClose={onClose} title={t("plan.recharge.title")} centered closeButtonProps={{ "aria-label": t("admin:actions.close") }}>
      <form
        onSubmit={(e) => {
          e.preventDefault();
          submit();
        }}
      >
        <Stack gap="sm">
          <Select
            label={t("plan.recharge.channel")}
            data={MESSAGE_CHANNELS.map((c) => ({ value: c, label: t(`plan.channels.${c}`) }))}
            value={chosen}
            onChange={(v) => v && setChosen(v as MessageChannel)}
            allowDeselect={false}
            data-testid="recharge-channel"
          />
          <MoneyInput
            label={t("plan.recharge.amount")}
            value={amount}
            onChange={setAmount}
            currency={currency}
            error={touched ? problem : null}
            data-autofocus
            data-testid="recharge-amount"
          />
          <Chip.Group>
            <Group gap={6}>
              {QUICK.map((q) => (
                <Chip key={q} size="sm" checked={minor === q * scale} onChange={() => setAmount(String(q))} variant="outline">
                  {formatMinor(q * scale, currency)}
                </Chip>
              ))}
            </Group>
          </Chip.Group>
          <Text size="sm" c="dimmed">
            {t("plan.recharge.hint")}
          </Text>
          <Button type="submit" leftSection={<IconCreditCard size={18} aria-hidden />} loading={start.isPending || start.isSuccess} data-testid="recharge-pay">
            {minor !== null && !problem ? t("plan.recharge.pay", { amount: formatMinor(minor, currency) }) : t("plan.recharge.payPlain")}
          </Button>
        </Stack>
      </form>
    </Modal>
  );
}
