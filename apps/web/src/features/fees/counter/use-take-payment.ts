import { type ActionReply, collectFees } from "@taleem/contract";
import { useMutation } from "@tanstack/react-query";
import { useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { type ApiError, isApiError } from "../../../lib/api";
import { callAction } from "../../../lib/call-action";
import { useRefreshAfter } from "../../../lib/use-action";
import { useErrorText, useFieldErrors } from "../../../ui/api-error";
import { ltr } from "../../../ui/money";
import { formatMinor } from "../../../ui/resource";
import { newAttemptKey } from "../fees-calls";

export type Collected = ActionReply<typeof collectFees>["data"] & { amount: number; mode: string };

/** One payment as the counter sends it: the dues the clerk saw, and whether the rest is an advance. */
export interface CounterPaymentInput {
  amount: number;
  mode: string;
  reference: string | null;
  feeIds: number[] | undefined;
  advance: boolean;
}

/** A payment above the school's ceiling, waiting for the clerk's word, with what the dues owe. */
export interface AmountToConfirm {
  payment: CounterPaymentInput;
  owed: number;
}

const text = (e: ApiError, key: string) => (typeof e.params[key] === "string" ? (e.params[key] as string) : "");
const minor = (e: ApiError, key: string) => (typeof e.params[key] === "number" ? (e.params[key] as number) : 0);

/**
 * Taking one payment at the counter, with each refusal turned into the clerk's next step: a due
 * paid meanwhile (the card is fetched again and the alert names it), more than is owed (the
 * advance box is offered), an amount above the school's ceiling (a confirmation, then the same
 * payment with `confirmed`), above its cap per receipt (said on the amount). One key per attempt:
 * a second click, or the same attempt sent again after a dropped connection, pays once.
 */
export function useTakePayment(studentId: number, currency: string, onPaid: (paid: Collected) => void) {
  const { t } = useTranslation("fees");
  const errorText = useErrorText();
  const fieldErrors = useFieldErrors();
  const refresh = useRefreshAfter();
  const attempt = useRef(newAttemptKey());
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [toConfirm, setToConfirm] = useState<AmountToConfirm | null>(null);
  const [offerAdvance, setOfferAdvance] = useState(false);

  const take = useMutation({
    mutationFn: (body: CounterPaymentInput & { confirmed?: boolean }) =>
      callAction(collectFees, {
        body: {
          studentId,
          amount: body.amount,
          mode: body.mode as "cash",
          reference: body.reference,
          feeIds: body.feeIds,
          advance: body.advance,
          confirmed: body.confirmed,
          idempotencyKey: attempt.current,
        },
      }),
    onSuccess: (reply, body) => {
      attempt.current = newAttemptKey();
      setToConfirm(null);
      void refresh(collectFees);
      onPaid({ ...reply.data, amount: body.amount, mode: body.mode });
    },
    onError: (err, body) => {
      setToConfirm(null);
      if (!isApiError(err)) {
        setFormError(errorText(err));
        return;
      }
      // A refusal took nothing: the corrected entry is a new attempt. A lost reply keeps the key,
      // so sending it again answers the payment that may have been taken.
      if (err.status >= 400 && err.status < 500) attempt.current = newAttemptKey();
      switch (err.code) {
        case "fees.amount_confirm":
          setToConfirm({ payment: body, owed: minor(err, "owed") });
          return;
        case "fees.already_paid":
          // Taken at another counter since the card was read: the card is read again.
          void refresh(collectFees);
          setFormError(t("counter.alreadyPaid", { names: text(err, "names") }));
          return;
        case "fees.more_than_owed": {
          void refresh(collectFees);
          setOfferAdvance(true);
          const owed = minor(err, "owed");
          setErrors({ amount: owed > 0 ? t("counter.moreThanOwed", { owed: ltr(formatMinor(owed, currency)) }) : t("counter.nothingOwed") });
          return;
        }
        case "fees.amount_cap":
          setErrors({ amount: t("counter.aboveCap", { max: ltr(formatMinor(minor(err, "max"), currency)) }) });
          return;
      }
      const mapped = fieldErrors(err);
      setErrors(mapped);
      if (!Object.keys(mapped).length) setFormError(errorText(err));
    },
  });

  return {
    errors,
    setErrors,
    formError,
    setFormError,
    offerAdvance,
    pending: take.isPending,
    send: (payment: CounterPaymentInput) => take.mutate(payment),
    toConfirm,
    confirm: () => toConfirm && take.mutate({ ...toConfirm.payment, confirmed: true }),
    cancelConfirm: () => setToConfirm(null),
  };
}
