import { Alert, Button, Group, Modal, NativeSelect, Stack, Text, Textarea, TextInput } from "@mantine/core";
import { IconAlertCircle } from "@tabler/icons-react";
import { type AnyAction, refundFees } from "@taleem/contract";
import { useMutation } from "@tanstack/react-query";
import { type FormEvent, type ReactNode, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { isApiError } from "../../../lib/api";
import { callAction } from "../../../lib/call-action";
import { notify } from "../../../lib/notify";
import { useRefreshAfter } from "../../../lib/use-action";
import { useErrorText, useFieldErrors } from "../../../ui/api-error";
import { ltr } from "../../../ui/money";
import { MoneyInput, majorToMinor } from "../../../ui/resource";
import { counterModes } from "../counter/counter-payment";
import { newAttemptKey } from "../fees-calls";

/**
 * Asks for the reason of something the ledger keeps for good (a reversal, a waived fine): at
 * least three letters, said on the field when missing.
 */
export function ReasonDialog({
  opened,
  title,
  text,
  confirmLabel,
  danger,
  onClose,
  action,
  run,
  done,
}: {
  opened: boolean;
  title: string;
  text: ReactNode;
  confirmLabel: string;
  danger?: boolean;
  onClose: () => void;
  /** The call `run` makes: its declaration says what the change refreshes. */
  action: AnyAction;
  run: (reason: string) => Promise<unknown>;
  done: string;
}) {
  const { t } = useTranslation(["fees", "admin"]);
  const errorText = useErrorText();
  const refresh = useRefreshAfter();
  const [reason, setReason] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [formError, setFormError] = useState<string | null>(null);
  const go = useMutation({
    mutationFn: run,
    onSuccess: () => {
      void refresh(action);
      notify.success(done);
      setReason("");
      onClose();
    },
    onError: (e) => {
      if (isApiError(e) && e.params.field === "reason") setError(errorText(e));
      else setFormError(errorText(e));
    },
  });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    setFormError(null);
    if (reason.trim().length < 3) {
      setError(t("card.reasonNeeded"));
      return;
    }
    go.mutate(reason.trim());
  };
  return (
    <Modal opened={opened} onClose={onClose} title={title} centered closeButtonProps={{ "aria-label": t("admin:actions.close") }}>
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          {typeof text === "string" ? <Text size="sm">{text}</Text> : text}
          {formError && (
            <Alert color="red" icon={<IconAlertCircle size={18} />} role="alert">
              {formError}
            </Alert>
          )}
          <Textarea
            name="reason"
            label={t("card.reason")}
            withAsterisk
            autosize
            minRows={2}
            maxLength={300}
            value={reason}
            onChange={(e) => {
              setReason(e.currentTarget.value);
              setError(null);
            }}
            error={error}
            data-autofocus
          />
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onClose} disabled={go.isPending}>
              {t("admin:actions.cancel")}
            </Button>
            <Button type="submit" color={danger ? "red" : undefined} loading={go.isPending}>
              {confirmLabel}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

/** Pays money back to the family (an advance, an overpayment) with a reason; it gets its own receipt. */
export function RefundDialog({ opened, studentId, currency, onClose }: { opened: boolean; studentId: number; currency: string; onClose: () => void }) {
  const { t } = useTranslation(["fees", "admin"]);
  const errorText = useErrorText();
  const fieldErrors = useFieldErrors();
  const refresh = useRefreshAfter();
  const [amount, setAmount] = useState("");
  const [mode, setMode] = useState("cash");
  const [reason, setReason] = useState("");
  const [reference, setReference] = useState("");
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const attempt = useRef(newAttemptKey());
  const go = useMutation({
    mutationFn: (minor: number) =>
      callAction(refundFees, {
        body: { studentId, amount: minor, mode: mode as "cash", reason: reason.trim(), reference: reference.trim() || null, idempotencyKey: attempt.current },
      }),
    onSuccess: (reply) => {
      attempt.current = newAttemptKey();
      void refresh(refundFees);
      notify.success(t("card.refunded", { number: ltr(reply.data.receiptNumber ?? "") }));
      onClose();
    },
    onError: (e) => {
      if (isApiError(e) && e.status < 500) attempt.current = newAttemptKey();
      const mapped = fieldErrors(e);
      setErrors(mapped);
      if (!Object.keys(mapped).length) setFormError(errorText(e));
    },
  });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    setFormError(null);
    const minor = majorToMinor(amount, currency);
    const next: Record<string, string> = {};
    if (!minor) next.amount = t("counter.amountNeeded");
    if (reason.trim().length < 3) next.reason = t("card.reasonNeeded");
    setErrors(next);
    if (!Object.keys(next).length) go.mutate(minor!);
  };
  return (
    <Modal opened={opened} onClose={onClose} title={t("card.refundTitle")} centered closeButtonProps={{ "aria-label": t("admin:actions.close") }}>
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          <Text size="sm">{t("card.refundText")}</Text>
          {formError && (
            <Alert color="red" icon={<IconAlertCircle size={18} />} role="alert">
              {formError}
            </Alert>
          )}
          <MoneyInput
            name="amount"
            label={t("counter.amount")}
            withAsterisk
            currency={currency}
            value={amount}
            onChange={setAmount}
            error={errors.amount}
            data-autofocus
          />
          <NativeSelect
            name="mode"
            label={t("counter.mode")}
            data={counterModes().map((m) => ({ value: m, label: t(`modes.${m}`) }))}
            value={mode}
            onChange={(e) => setMode(e.currentTarget.value)}
            error={errors.mode}
          />
          {mode !== "cash" && (
            <TextInput
              name="reference"
              dir="ltr"
              label={t("counter.reference.other")}
              value={reference}
              onChange={(e) => setReference(e.currentTarget.value)}
              error={errors.reference}
            />
          )}
          <Textarea
            name="reason"
            label={t("card.reason")}
            withAsterisk
            autosize
            minRows={2}
            maxLength={300}
            value={reason}
            onChange={(e) => setReason(e.currentTarget.value)}
            error={errors.reason}
          />
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onClose} disabled={go.isPending}>
              {t("admin:actions.cancel")}
            </Button>
            <Button type="submit" color="red" loading={go.isPending}>
              {t("card.refund")}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
