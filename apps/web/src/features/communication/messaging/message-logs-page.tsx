import { Badge, Button } from "@mantine/core";
import { IconDownload, IconRefresh } from "@tabler/icons-react";
import { actionUrl, downloadMessageLog, type MessageLogRow, messageLogResource, refreshMessageLog } from "@taleem/contract";
import { useMutation } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { useSearchParams } from "react-router";
import { formatNumber } from "../../../lib/format";
import { notify } from "../../../lib/notify";
import { saveFile } from "../../../lib/save-file";
import { useAction } from "../../../lib/use-action";
import { useErrorText } from "../../../ui/api-error";
import { ResourceList } from "../../../ui/resource";
import { postForFile } from "./save-download";

export const STATUS_COLOURS: Record<string, string> = { queued: "gray", sent: "blue", delivered: "teal", read: "green", failed: "red", skipped: "yellow" };

/** How long a message is followed for a status still to come (a WhatsApp message may never be read). */
const FOLLOW_MS = 60 * 60 * 1000;

/**
 * Whether a shown message's status may still move on its own (the providers' webhooks): queued or
 * sent, or a WhatsApp message delivered and not yet read, changed within the last hour.
 */
const inFlight = (r: MessageLogRow) =>
  (r.status === "queued" || r.status === "sent" || (r.status === "delivered" && r.channel === "whatsapp")) &&
  Date.now() - Date.parse(r.statusAt ?? r.createdAt) < FOLLOW_MS;

/**
 * Every message the school sent, with its provider's id and where it got to (queued, sent,
 * delivered, read, failed), filtered and paged; the spreadsheet of what the filters show; a
 * message's status asked for again. While messages are in flight, the page follows them.
 */
export function MessageLogsPage() {
  const { t } = useTranslation("messaging");
  const errorText = useErrorText();
  const [search] = useSearchParams();
  const refresh = useAction(refreshMessageLog);
  const download = useMutation({
    mutationFn: () =>
      postForFile(
        actionUrl(downloadMessageLog),
        {
          channel: search.get("channel") ?? undefined,
          status: search.get("status") ?? undefined,
          bulkSendId: Number(search.get("bulkSendId")) || undefined,
          q: search.get("q") ?? undefined,
        },
        "downloaded_file.xlsx",
      ),
    onSuccess: ({ blob, filename }) => saveFile(blob, filename),
    onError: (e) => notify.error(`${t("log.downloadFailed")} ${errorText(e)}`),
  });
  return (
    <ResourceList<MessageLogRow>
      definition={messageLogResource}
      rowLabel={(r) => r.recipientName ?? r.recipient}
      cells={{
        status: (r) => (
          <Badge color={STATUS_COLOURS[r.status]} variant="dot" title={r.error ?? undefined}>
            {t(`log.options.status.${r.status}`)}
          </Badge>
        ),
        recipient: (r) => <span dir="ltr">{r.recipient}</span>,
        // In the wallet's currency, whose minor unit is a hundredth.
        cost: (r) => formatNumber(r.cost / 100, { minimumFractionDigits: 2 }),
      }}
      refreshWhile={(rows) => rows.some(inFlight)}
      canEdit={() => true}
      canDelete={(r) => r.status !== "queued" && r.status !== "sent"}
      rowActions={[
        {
          key: "refresh",
          label: t("log.refresh"),
          icon: <IconRefresh size={16} />,
          hidden: (r) => !r.providerMessageId,
          onClick: (r) =>
            refresh.mutate(
              { body: { messageId: r.id } },
              {
                onSuccess: (res) => notify.success(t("log.refreshed", { status: t(`log.options.status.${res.data.status}`) })),
                onError: (e) => notify.error(errorText(e)),
              },
            ),
        },
      ]}
      toolbar={
        <Button variant="default" leftSection={<IconDownload size={16} />} loading={download.isPending} onClick={() => download.mutate()}>
          {t("log.download")}
        </Button>
      }
    />
  );
}
