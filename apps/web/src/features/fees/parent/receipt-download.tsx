import { Button, type ButtonProps } from "@mantine/core";
import { IconDownload } from "@tabler/icons-react";
import { actionUrl, receiptDownload } from "@taleem/contract";
import { useMutation } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { api } from "../../../lib/api";
import { notify } from "../../../lib/notify";
import { saveFile } from "../../../lib/save-file";
import { useErrorText } from "../../../ui/api-error";

/** A receipt's PDF (GET /admin/api/receipt/:id/download), saved as receipt-{id}.pdf. */
export function ReceiptDownloadButton({ receiptId, number, ...props }: { receiptId: number; number: string } & ButtonProps) {
  const { t } = useTranslation("parent");
  const errorText = useErrorText();
  const name = `receipt-${receiptId}.pdf`;
  const pdf = useMutation({
    mutationFn: () => api.download(actionUrl(receiptDownload, { id: receiptId }), undefined, name),
    onSuccess: ({ blob }) => saveFile(blob, name),
    onError: (e) => notify.error(`${t("fees.downloadFailed")} ${errorText(e)}`),
  });
  return (
    <Button
      variant="outline"
      leftSection={<IconDownload size={18} aria-hidden />}
      loading={pdf.isPending}
      onClick={() => pdf.mutate()}
      aria-label={t("fees.downloadReceipt", { number })}
      data-testid={`receipt-download-${receiptId}`}
      {...props}
    >
      {t("fees.download")}
    </Button>
  );
}
