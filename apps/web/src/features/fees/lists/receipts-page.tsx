import { Group, NativeSelect, Paper, Select, Stack, Text, TextInput, Title } from "@mantine/core";
import { useDebouncedValue, useMediaQuery } from "@mantine/hooks";
import { IconDownload, IconSearch } from "@tabler/icons-react";
import { actionUrl, type ReceiptRow, receiptDownload, receiptList } from "@taleem/contract";
import { keepPreviousData, useMutation } from "@tanstack/react-query";
import type { ReactNode } from "react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { api } from "../../../lib/api";
import { formatDate } from "../../../lib/format";
import { notify } from "../../../lib/notify";
import { useActionQuery } from "../../../lib/use-action";
import { useErrorText } from "../../../ui/api-error";
import { ListFooter } from "../../../ui/list-pagination";
import { EmptyList, FailureState, LoadingState } from "../../../ui/list-states";
import { DocNumber, Money, StateBadge } from "../../../ui/money";
import { PHONE } from "../../../ui/resource/resource-cards";
import { SchoolDateInput } from "../../../ui/school-date-input";
import { FeeTable } from "../card/fee-table";
import { saveFile } from "../fees-calls";

const LIMIT = 25;

/**
 * Receipts found by number, student, date or status. The server answers only a question: an
 * empty page asks the reader to type, rather than listing a year of receipts.
 */
export function ReceiptsPage() {
  const { t } = useTranslation(["fees", "admin"]);
  const errorText = useErrorText();
  const phone = useMediaQuery(PHONE);
  const [text, setText] = useState("");
  const [q] = useDebouncedValue(text.trim(), 350);
  const [status, setStatus] = useState<"" | "issued" | "cancelled">("");
  const [from, setFrom] = useState<string | null>(null);
  const [to, setTo] = useState<string | null>(null);
  const [page, setPage] = useState(1);
  const asked = !!(q || status || from || to);
  const query = { q: q || undefined, status: status || undefined, from: from ?? undefined, to: to ?? undefined, page, limit: LIMIT };
  const found = useActionQuery(receiptList, { query }, { enabled: asked, placeholderData: keepPreviousData });
  const download = useMutation({
    mutationFn: (r: ReceiptRow) => api.download(actionUrl(receiptDownload, { id: r.id }), undefined, `receipt-${r.id}.pdf`),
    onSuccess: ({ blob, filename }) => saveFile(blob, filename),
    onError: (e) => notify.error(errorText(e)),
  });
  const reset =
    <T,>(set: (v: T) => void) =>
    (v: T) => {
      set(v);
      setPage(1);
    };
  const statusData = [
    { value: "", label: t("admin:filters.all") },
    { value: "issued", label: t("states.receipt.issued") },
    { value: "cancelled", label: t("states.receipt.cancelled") },
  ];

  let body: ReactNode;
  if (!asked) body = <EmptyList icon={<IconSearch size={32} stroke={1.5} />} title={t("receipts.askTitle")} description={t("receipts.askText")} />;
  else if (found.isPending) body = <LoadingState text={t("receipts.searching")} />;
  else if (found.isError && !found.data) body = <FailureState reason={errorText(found.error)} onRetry={() => void found.refetch()} />;
  else if (!found.data?.rows.length) body = <EmptyList title={t("receipts.noneTitle")} description={t("receipts.noneText")} />;
  else
    body = (
      <FeeTable<ReceiptRow>
        label={t("receipts.title")}
        rows={found.data.rows}
        rowLabel={(r) => r.number}
        actions={[{ key: "pdf", label: t("payments.receiptPdf"), icon: <IconDownload size={16} />, onClick: (r) => download.mutate(r) }]}
        columns={[
          { key: "number", label: t("receipts.fields.number"), summary: true, render: (r) => <DocNumber value={r.number} /> },
          { key: "studentName", label: t("receipts.fields.studentName"), render: (r) => <bdi>{r.studentName}</bdi> },
          { key: "admissionNo", label: t("receipts.fields.admissionNo"), render: (r) => <bdi dir="ltr">{r.admissionNo}</bdi> },
          { key: "paidOn", label: t("receipts.fields.paidOn"), render: (r) => <bdi>{formatDate(r.paidOn)}</bdi> },
          { key: "kind", label: t("payments.fields.kind"), render: (r) => t(`payments.options.kind.${r.kind}`) },
          { key: "amount", label: t("receipts.fields.amount"), end: true, render: (r) => <Money value={r.amount} fw={600} /> },
          {
            key: "status",
            label: t("receipts.fields.status"),
            render: (r) => (
              <Stack gap={2} align="flex-start">
                <StateBadge kind="receipt" state={r.status} />
                {r.cancelledReason && (
                  <Text size="xs" c="dimmed">
                    <bdi>{r.cancelledReason}</bdi>
                  </Text>
                )}
              </Stack>
            ),
          },
        ]}
      />
    );
  const count = found.data?.count ?? 0;

  return (
    <Stack gap="md">
      <div>
        <Title order={2}>{t("receipts.title")}</Title>
        <Text c="dimmed" size="sm" mt={4}>
          {t("receipts.description")}
        </Text>
      </div>
      <Group align="flex-end" gap="sm" wrap="wrap">
        <TextInput
          type="search"
          label={t("admin:filters.search")}
          placeholder={t("receipts.searchPlaceholder")}
          leftSection={<IconSearch size={16} />}
          value={text}
          onChange={(e) => reset(setText)(e.currentTarget.value)}
          style={{ flex: "1 1 240px", maxWidth: 380 }}
          autoFocus
        />
        {phone ? (
          <NativeSelect
            label={t("receipts.fields.status")}
            data={statusData}
            value={status}
            onChange={(e) => reset(setStatus)(e.currentTarget.value as typeof status)}
          />
        ) : (
          <Select
            label={t("receipts.fields.status")}
            data={statusData}
            value={status}
            onChange={(v) => reset(setStatus)((v ?? "") as typeof status)}
            allowDeselect={false}
            w={160}
          />
        )}
        <SchoolDateInput label={t("receipts.from")} clearable value={from} onChange={reset(setFrom)} w={phone ? undefined : 170} />
        <SchoolDateInput label={t("receipts.to")} clearable value={to} onChange={reset(setTo)} w={phone ? undefined : 170} />
      </Group>
      <Paper withBorder radius="md" p={0}>
        {body}
      </Paper>
      {asked && <ListFooter page={page} limit={LIMIT} count={count} onChange={setPage} phone={phone} />}
    </Stack>
  );
}
