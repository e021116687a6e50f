import { Stack, Text } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { ConfirmDialog } from "../../../ui/confirm-dialog";
import { ltr, Money } from "../../../ui/money";
import { formatMinor } from "../../../ui/resource";
import type { AmountToConfirm } from "./use-take-payment";

/**
 * The school's ceiling was passed: the amount large, what the dues owe, and what would be kept as
 * the family's advance, before the clerk takes it or goes back to change it (an extra zero).
 */
export function AmountConfirm({
  asked,
  currency,
  pending,
  onConfirm,
  onClose,
}: {
  asked: AmountToConfirm | null;
  currency: string;
  pending: boolean;
  onConfirm: () => void;
  onClose: () => void;
}) {
  const { t } = useTranslation("fees");
  const amount = asked?.payment.amount ?? 0;
  const owed = asked?.owed ?? 0;
  const money = (minor: number) => ltr(formatMinor(minor, currency));
  return (
    <ConfirmDialog
      opened={asked !== null}
      title={t("counter.confirmTitle")}
      confirmLabel={t("counter.confirmTake", { amount: money(amount) })}
      cancelLabel={t("counter.changeAmount")}
      loading={pending}
      focusCancel
      onConfirm={onConfirm}
      onClose={onClose}
    >
      <Stack gap="xs" data-testid="amount-confirm">
        <Money value={amount} currency={currency} fw={700} size="xl" />
        <Text size="sm">{owed > 0 ? t("counter.confirmText", { owed: money(owed) }) : t("counter.confirmNothingOwed")}</Text>
        {amount > owed && (
          <Text size="sm" fw={500}>
            {t("counter.confirmAdvance", { rest: money(amount - owed) })}
          </Text>
        )}
      </Stack>
    </ConfirmDialog>
  );
}
