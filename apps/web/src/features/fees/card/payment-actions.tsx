import { IconArrowBackUp, IconCircleCheck, IconDownload, IconFileInvoice, IconReceipt } from "@tabler/icons-react";
import { actionUrl, deleteFeeTransaction, generateInvoiceNumber, paymentReceiptPdf, receiptDownload, updateFeeTransaction } from "@taleem/contract";
import { useMutation } from "@tanstack/react-query";
import { type ReactNode, useState } from "react";
import { useTranslation } from "react-i18next";
import { api } from "../../../lib/api";
import { callAction } from "../../../lib/call-action";
import { notify } from "../../../lib/notify";
import { useRefreshAfter } from "../../../lib/use-action";
import { useErrorText } from "../../../ui/api-error";
import { ltr } from "../../../ui/money";
import type { RowAction } from "../../../ui/resource";
import { useCan } from "../../../ui/use-can";
import { postForPdf, saveFile, sendWithBody } from "../fees-calls";
import { ReasonDialog } from "./card-dialogs";

/** What the fee card and the payments list both know of a payment. */
export interface PaymentLike {
  id: number;
  kind: string;
  status: string;
  receiptId: number | null;
  receiptNumber: string | null;
}

/**
 * A payment's actions, each shown only to a role that may: its receipt (payment-receipt.pdf and
 * receipt-{id}.pdf), confirm a received one, give it an invoice number, reverse it with a reason.
 */
export function usePaymentActions<P extends PaymentLike>(): { actions: RowAction<P>[]; dialogs: ReactNode } {
  const { t } = useTranslation("fees");
  const allowed = useCan();
  const errorText = useErrorText();
  const refresh = useRefreshAfter();
  const [reversing, setReversing] = useState<P | null>(null);
  const fail = (e: unknown) => notify.error(errorText(e));
  const confirm = useMutation({
    mutationFn: (p: P) => callAction(updateFeeTransaction, { body: { id: p.id, confirm: true } }),
    onSuccess: () => {
      void refresh(updateFeeTransaction);
      notify.success(t("payments.confirmed"));
    },
    onError: fail,
  });
  const invoice = useMutation({
    mutationFn: (p: P) => callAction(generateInvoiceNumber, { body: { id: p.id } }),
    onSuccess: (reply) => {
      void refresh(generateInvoiceNumber);
      notify.success(t("payments.invoiced", { number: ltr(reply.invoiceNumber) }));
    },
    onError: fail,
  });
  const paymentPdf = useMutation({
    mutationFn: (p: P) => postForPdf(paymentReceiptPdf, { id: p.id }, "payment-receipt.pdf"),
    onSuccess: ({ blob, filename }) => saveFile(blob, filename),
    onError: fail,
  });
  const receiptPdf = useMutation({
    mutationFn: (p: P) => api.download(actionUrl(receiptDownload, { id: p.receiptId! }), undefined, `receipt-${p.receiptId}.pdf`),
    onSuccess: ({ blob, filename }) => saveFile(blob, filename),
    onError: fail,
  });
  const live = (p: P) => p.status !== "reversed";
  const actions: RowAction<P>[] = [
    {
      key: "paymentPdf",
      label: t("payments.paymentPdf"),
      icon: <IconDownload size={16} />,
      onClick: (p) => paymentPdf.mutate(p),
      hidden: (p) => p.kind !== "payment",
    },
    { key: "receiptPdf", label: t("payments.receiptPdf"), icon: <IconReceipt size={16} />, onClick: (p) => receiptPdf.mutate(p), hidden: (p) => !p.receiptId },
  ];
  if (allowed("fees", "approve"))
    actions.push({
      key: "confirm",
      label: t("payments.confirm"),
      icon: <IconCircleCheck size={16} />,
      onClick: (p) => confirm.mutate(p),
      hidden: (p) => p.status !== "received",
    });
  if (allowed("fees", "collect"))
    actions.push({
      key: "invoice",
      label: t("payments.invoice"),
      icon: <IconFileInvoice size={16} />,
      onClick: (p) => invoice.mutate(p),
      hidden: (p) => !live(p),
    });
  if (allowed("fees", "refund"))
    actions.push({
      key: "reverse",
      label: t("payments.reverse"),
      icon: <IconArrowBackUp size={16} />,
      color: "red",
      onClick: setReversing,
      hidden: (p) => !live(p),
    });
  const dialogs = (
    <ReasonDialog
      opened={!!reversing}
      title={t("payments.reverseTitle")}
      text={t("payments.reverseText", { number: ltr(reversing?.receiptNumber ?? "") })}
      confirmLabel={t("payments.reverse")}
      danger
      onClose={() => setReversing(null)}
      action={deleteFeeTransaction}
      run={(reason) => sendWithBody(deleteFeeTransaction, { id: reversing!.id, reason })}
      done={t("payments.reversed")}
    />
  );
  return { actions, dialogs };
}
