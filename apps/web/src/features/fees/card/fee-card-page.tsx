import { Anchor, Button, Group, Paper, SimpleGrid, Stack, Text, Title } from "@mantine/core";
import { IconCash, IconDownload, IconPhone, IconReceiptRefund, IconScissors } from "@tabler/icons-react";
import { feeReceiptPdf, studentFeeCard, waiveFeeFine } from "@taleem/contract";
import { useMutation } from "@tanstack/react-query";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, useParams } from "react-router";
import { callAction } from "../../../lib/call-action";
import { formatDate } from "../../../lib/format";
import { notify } from "../../../lib/notify";
import { useActionQuery } from "../../../lib/use-action";
import { useErrorText } from "../../../ui/api-error";
import { useAreaPath } from "../../../ui/area-path";
import { EmptyList, FailureState, LoadingState } from "../../../ui/list-states";
import { DocNumber, Money, StateBadge } from "../../../ui/money";
import { setSchoolCurrency } from "../../../ui/resource";
import { useCan } from "../../../ui/use-can";
import type { FeeCard } from "../counter/counter-payment";
import { postForPdf, saveFile } from "../fees-calls";
import { StudentHeading } from "../student-heading";
import { ReasonDialog, RefundDialog } from "./card-dialogs";
import { FeeTable } from "./fee-table";
import { usePaymentActions } from "./payment-actions";

type Due = FeeCard["dues"][number];
type Payment = FeeCard["payments"][number];

function Total({ label, value, currency, strong, testId }: { label: string; value: number; currency: string; strong?: boolean; testId?: string }) {
  return (
    <Paper withBorder radius="md" p="xs">
      <Text size="xs" c="dimmed" fw={600}>
        {label}
      </Text>
      <Money value={value} currency={currency} fw={strong ? 800 : 600} size={strong ? "xl" : "lg"} data-testid={testId} />
    </Paper>
  );
}

/**
 * A student's fee card: totals, dues with their figures, payments with receipts, concessions,
 * and what the office does from here (collect, waive a fine, reverse, refund, confirm, invoice).
 */
export function FeeCardPage() {
  const { t } = useTranslation(["fees", "admin"]);
  const id = Number(useParams().id);
  const to = useAreaPath();
  const allowed = useCan();
  const errorText = useErrorText();
  const card = useActionQuery(studentFeeCard, { params: { id } }, { enabled: id > 0 });
  const [waiving, setWaiving] = useState<Due | null>(null);
  const [refunding, setRefunding] = useState(false);
  const payments = usePaymentActions<Payment>();
  const feePdf = useMutation({
    mutationFn: (d: Due) => postForPdf(feeReceiptPdf, { feeId: d.id, studentId: id }, `fee-receipt-${d.id}-${id}.pdf`),
    onSuccess: ({ blob, filename }) => saveFile(blob, filename),
    onError: (e) => notify.error(errorText(e)),
  });

  if (card.isPending) return <LoadingState text={t("card.loading")} />;
  if (card.isError || !card.data) return <FailureState reason={errorText(card.error)} onRetry={() => void card.refetch()} />;
  const data = card.data.data;
  setSchoolCurrency(data.currency);
  const { student: s, totals, currency } = data;
  const m = (v: number) => <Money value={v} currency={currency} />;

  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-start" wrap="wrap" gap="sm">
        <div>
          <Text size="sm" c="dimmed">
            {t("card.title")}
          </Text>
          <StudentHeading student={s} order={2} />
          {(s.guardianName || s.guardianMobile) && (
            <Group gap={6} mt={4}>
              {s.guardianName && (
                <Text size="sm">
                  <bdi>{s.guardianName}</bdi>
                </Text>
              )}
              {s.guardianMobile && (
                <Anchor href={`tel:${s.guardianMobile}`} size="sm">
                  <Group gap={4} wrap="nowrap" component="span">
                    <IconPhone size={14} aria-hidden />
                    <bdi dir="ltr">{s.guardianMobile}</bdi>
                  </Group>
                </Anchor>
              )}
            </Group>
          )}
        </div>
        <Group gap="sm">
          {allowed("fees", "collect") && (
            <Button component={Link} to={to(`fees/counter?studentId=${s.id}`)} leftSection={<IconCash size={16} />}>
              {t("card.collect")}
            </Button>
          )}
          {allowed("fees", "refund") && (
            <Button variant="default" leftSection={<IconReceiptRefund size={16} />} onClick={() => setRefunding(true)}>
              {t("card.refund")}
            </Button>
          )}
        </Group>
      </Group>

      <SimpleGrid cols={{ base: 2, sm: 3, lg: 6 }} spacing="xs" data-testid="fee-totals">
        <Total label={t("card.totals.amount")} value={totals.amount} currency={currency} />
        <Total label={t("card.totals.concession")} value={totals.concession} currency={currency} />
        <Total label={t("card.totals.fine")} value={totals.fine + totals.finePending} currency={currency} />
        <Total label={t("card.totals.paid")} value={totals.paid} currency={currency} />
        <Total label={t("card.totals.balance")} value={totals.balance} currency={currency} strong testId="card-balance" />
        <Total label={t("card.totals.advance")} value={totals.advance} currency={currency} />
      </SimpleGrid>
      {(totals.overdue > 0 || totals.nextDueDate) && (
        <Text size="sm" c={totals.overdue > 0 ? "red.9" : "dimmed"}>
          {totals.overdue > 0 && (
            <>
              {t("card.totals.overdue")}: {m(totals.overdue)}
              {totals.nextDueDate && " · "}
            </>
          )}
          {totals.nextDueDate && t("card.nextDue", { date: formatDate(totals.nextDueDate) })}
        </Text>
      )}

      <Paper withBorder radius="md" p="md">
        <Title order={4} mb="sm">
          {t("card.dues")}
        </Title>
        {data.dues.length === 0 ? (
          <EmptyList title={t("card.noDues")} description={t("card.noDuesText")} />
        ) : (
          <FeeTable<Due>
            label={t("card.dues")}
            testId="card-dues"
            rows={data.dues}
            phoneRow={(d) => (
              <Group justify="space-between" wrap="nowrap" gap="xs" align="flex-start">
                <div style={{ minWidth: 0 }}>
                  <Text size="sm" fw={500}>
                    <bdi>{d.name}</bdi>
                  </Text>
                  <Group gap={6}>
                    <Text size="xs" c="dimmed">
                      <bdi>{formatDate(d.dueDate)}</bdi>
                    </Text>
                    <StateBadge kind="due" state={d.state} />
                  </Group>
                  <Text size="xs" c="dimmed">
                    {t("dues.fields.amount")} {m(d.amount)}
                    {d.concession > 0 && (
                      <>
                        {" · "}
                        {t("dues.fields.concession")} {m(d.concession)}
                      </>
                    )}
                    {d.paid > 0 && (
                      <>
                        {" · "}
                        {t("dues.fields.paid")} {m(d.paid)}
                      </>
                    )}
                  </Text>
                </div>
                <div style={{ textAlign: "end", flexShrink: 0 }}>
                  <Money value={d.balance} currency={currency} fw={600} size="sm" />
                  {d.fine + d.finePending > 0 && (
                    <Text size="xs" c="red.9">
                      {t("dues.fields.fine")} {m(d.fine + d.finePending)}
                    </Text>
                  )}
                </div>
              </Group>
            )}
            rowLabel={(d) => d.name}
            columns={[
              { key: "name", label: t("dues.fields.name"), summary: true, render: (d) => <bdi>{d.name}</bdi> },
              { key: "head", label: t("dues.fields.head"), render: (d) => t(`heads.${d.head}`) },
              { key: "dueDate", label: t("dues.fields.dueDate"), render: (d) => <bdi>{formatDate(d.dueDate)}</bdi> },
              { key: "amount", label: t("dues.fields.amount"), end: true, render: (d) => m(d.amount) },
              { key: "concession", label: t("dues.fields.concession"), end: true, render: (d) => m(d.concession) },
              { key: "fine", label: t("dues.fields.fine"), end: true, render: (d) => m(d.fine + d.finePending) },
              { key: "paid", label: t("dues.fields.paid"), end: true, render: (d) => m(d.paid) },
              { key: "balance", label: t("dues.fields.balance"), end: true, render: (d) => <Money value={d.balance} currency={currency} fw={600} /> },
              { key: "state", label: t("dues.fields.state"), render: (d) => <StateBadge kind="due" state={d.state} /> },
            ]}
            actions={[
              { key: "feePdf", label: t("card.feeReceipt"), icon: <IconDownload size={16} />, onClick: (d) => feePdf.mutate(d) },
              ...(allowed("fees", "refund")
                ? [
                    {
                      key: "waive",
                      label: t("card.waiveFine"),
                      icon: <IconScissors size={16} />,
                      onClick: setWaiving,
                      hidden: (d: Due) => d.fine + d.finePending <= 0,
                    },
                  ]
                : []),
            ]}
          />
        )}
      </Paper>

      <Paper withBorder radius="md" p="md">
        <Title order={4} mb="sm">
          {t("card.payments")}
        </Title>
        {data.payments.length === 0 ? (
          <EmptyList title={t("card.noPayments")} />
        ) : (
          <FeeTable<Payment>
            label={t("card.payments")}
            testId="card-payments"
            rows={data.payments}
            phoneRow={(p) => (
              <Group justify="space-between" wrap="nowrap" gap="xs" align="flex-start">
                <div style={{ minWidth: 0 }}>
                  <Text size="sm" fw={600}>
                    <DocNumber value={p.receiptNumber} />
                  </Text>
                  <Text size="xs" c="dimmed">
                    <bdi>{formatDate(p.paidOn)}</bdi> · {t(`modes.${p.mode}`, { defaultValue: p.mode })}
                    {p.kind === "refund" && ` · ${t("payments.options.kind.refund")}`}
                  </Text>
                </div>
                <div style={{ textAlign: "end", flexShrink: 0 }}>
                  <Money value={p.amount} currency={currency} fw={600} size="sm" />
                  <div>
                    <StateBadge kind="payment" state={p.status} />
                  </div>
                </div>
              </Group>
            )}
            rowLabel={(p) => p.receiptNumber ?? `#${p.id}`}
            actions={payments.actions}
            columns={[
              { key: "receiptNumber", label: t("payments.fields.receiptNumber"), summary: true, render: (p) => <DocNumber value={p.receiptNumber} /> },
              { key: "paidOn", label: t("payments.fields.paidOn"), render: (p) => <bdi>{formatDate(p.paidOn)}</bdi> },
              { key: "kind", label: t("payments.fields.kind"), render: (p) => t(`payments.options.kind.${p.kind}`) },
              { key: "mode", label: t("payments.fields.mode"), render: (p) => t(`modes.${p.mode}`, { defaultValue: p.mode }) },
              { key: "reference", label: t("payments.fields.reference"), render: (p) => (p.reference ? <bdi dir="ltr">{p.reference}</bdi> : "—") },
              { key: "amount", label: t("payments.fields.amount"), end: true, render: (p) => <Money value={p.amount} currency={currency} fw={600} /> },
              { key: "status", label: t("payments.fields.status"), render: (p) => <StateBadge kind="payment" state={p.status} /> },
            ]}
          />
        )}
      </Paper>

      {data.concessions.length > 0 && (
        <Paper withBorder radius="md" p="md">
          <Title order={4} mb="sm">
            {t("card.concessions")}
          </Title>
          <Stack gap={6}>
            {data.concessions.map((c) => (
              <Group key={c.id} justify="space-between" wrap="wrap" gap="xs">
                <div>
                  <Text fw={600} size="sm">
                    <bdi>{c.name}</bdi>
                  </Text>
                  <Text size="xs" c="dimmed">
                    {t(`concessions.options.fundSource.${c.fundSource}`, { defaultValue: c.fundSource })} · <bdi>{c.reason}</bdi>
                  </Text>
                </div>
                <Text size="sm" fw={600}>
                  <ConcessionValue kind={c.kind} value={c.value} currency={currency} />
                </Text>
              </Group>
            ))}
          </Stack>
        </Paper>
      )}

      {payments.dialogs}
      <ReasonDialog
        opened={!!waiving}
        title={t("card.waiveTitle")}
        text={t("card.waiveText", { name: waiving?.name ?? "" })}
        confirmLabel={t("card.waiveFine")}
        onClose={() => setWaiving(null)}
        action={waiveFeeFine}
        run={(reason) => callAction(waiveFeeFine, { body: { feeId: waiving!.id, reason } })}
        done={t("card.waived")}
      />
      <RefundDialog opened={refunding} studentId={s.id} currency={currency} onClose={() => setRefunding(false)} />
    </Stack>
  );
}

/** A concession's value by its kind: 12.5% (basis points), an amount, or the whole fee. */
export function ConcessionValue({ kind, value, currency }: { kind: string; value: number; currency?: string }) {
  const { t } = useTranslation("fees");
  if (kind === "waiver") return <>{t("concessions.options.kind.waiver")}</>;
  if (kind === "percent") return <bdi dir="ltr">{`${value / 100}%`}</bdi>;
  return <Money value={value} currency={currency} />;
}
