import { Badge, Button, Card, Group, Paper, Stack, Text, Title } from "@mantine/core";
import { IconAlertTriangle, IconCreditCard, IconReceipt2 } from "@tabler/icons-react";
import { type ActionReply, linkedChildren, startFeeCheckout, studentFeeCard } from "@taleem/contract";
import { type ReactNode, useState } from "react";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";
import { useAuth } from "../../../lib/auth-store";
import { formatDate, schoolDay } from "../../../lib/format";
import { notify } from "../../../lib/notify";
import { openCheckout } from "../../../lib/provider-checkout";
import { useAction, useActionQuery } from "../../../lib/use-action";
import { useErrorText } from "../../../ui/api-error";
import { ChildChooser, useChosenChild } from "../../../ui/child-chooser";
import { EmptyList, FailureState, LoadingState } from "../../../ui/list-states";
import { Money } from "../../../ui/money";
import { ReceiptDownloadButton } from "./receipt-download";

type FeeCard = ActionReply<typeof studentFeeCard>["data"];
type Due = FeeCard["dues"][number];

/** The provider takes nothing under one rupee (100 paise); the same floor holds for every currency. */
const MIN_ONLINE = 100;

/** Where the provider sends the parent back; that screen asks the server whether the payment counts. */
export const FEES_PAID_PATH = "/parent/fees/paid";

/** Each state's badge, every one readable at 4.5:1: overdue solid red, part paid amber with dark text, the rest outlined. */
const STATE_BADGE: Record<Due["state"], { color: string; variant: "filled" | "outline"; autoContrast?: boolean }> = {
  overdue: { color: "red.9", variant: "filled" },
  partlyPaid: { color: "yellow.4", variant: "filled", autoContrast: true },
  due: { color: "blue", variant: "outline" },
  paid: { color: "teal", variant: "outline" },
  waived: { color: "gray", variant: "outline" },
  cancelled: { color: "gray", variant: "outline" },
};

/** Starts an online payment of the child's dues (the named ones, or the whole balance) and leaves for the provider's checkout. */
export function usePayNow() {
  const { t } = useTranslation("parent");
  const errorText = useErrorText();
  const navigate = useNavigate();
  const user = useAuth((s) => s.user);
  const start = useAction(startFeeCheckout);
  const [paying, setPaying] = useState<"due" | "all" | null>(null);
  const pay = (studentId: number, feeIds?: number[]) => {
    setPaying(feeIds ? "due" : "all");
    start.mutate(
      { body: { studentId, ...(feeIds ? { feeIds } : {}) } },
      {
        onSuccess: ({ data }) =>
          openCheckout(
            data,
            { studentId, feeIds },
            {
              callbackPath: FEES_PAID_PATH,
              name: user?.tenant.name ?? "",
              prefill: { name: user?.name, contact: user?.mobile ?? undefined, email: user?.email ?? undefined },
              go: (to) => navigate(to),
              onDismiss: () => {
                setPaying(null);
                start.reset();
              },
            },
          ).catch(() => {
            setPaying(null);
            start.reset();
            notify.error(t("fees.providerFailed"));
          }),
        onError: (e) => {
          setPaying(null);
          notify.error(`${t("fees.payFailed")} ${errorText(e)}`);
        },
      },
    );
  };
  // Leaving for the sandbox's page takes a moment after the order is made: the button stays busy.
  return { pay, paying: start.isPending || start.isSuccess ? paying : null };
}

/** Dues whose date has come (overdue, or due today), and what they come to with today's fines. */
function dueNow(dues: Due[]) {
  const today = schoolDay();
  const now = openDues(dues).filter((d) => d.dueDate <= today && d.balance + d.finePending > 0);
  return { ids: now.map((d) => d.id), amount: now.reduce((sum, d) => sum + d.balance + d.finePending, 0) };
}

function Summary({ card, studentId }: { card: FeeCard; studentId: number }) {
  const { t } = useTranslation("parent");
  const { pay, paying } = usePayNow();
  const { totals, currency } = card;
  const fineToday = totals.fine + totals.finePending;
  // What the provider is asked for without naming dues: the balance (less any advance) with today's fines.
  const payable = Math.max(0, totals.balance + totals.finePending);
  const now = dueNow(card.dues);
  const payDue = now.amount >= MIN_ONLINE && now.amount < payable;
  return (
    <Card withBorder radius="md" padding="md" data-testid="fees-summary">
      <Text size="sm" c="dimmed" fw={600}>
        {t("fees.balance")}
      </Text>
      <Text fz={30} fw={700} lh={1.2} data-testid="fees-balance">
        <Money value={payable} currency={currency} />
      </Text>
      <Stack gap={4} mt="xs">
        {totals.overdue > 0 && (
          <Group gap={6} wrap="nowrap" c="red.9">
            <IconAlertTriangle size={16} aria-hidden />
            <Text size="sm" fw={600} c="red.9" data-testid="fees-overdue">
              {t("fees.overdueAmount")} <Money value={totals.overdue} currency={currency} />
            </Text>
          </Group>
        )}
        {fineToday > 0 && (
          <Text size="sm" data-testid="fees-fine">
            {t("fees.fineToday")} <Money value={fineToday} currency={currency} />
          </Text>
        )}
        {totals.nextDueDate && (
          <Text size="sm" c="dimmed">
            {t("fees.nextDue", { date: formatDate(totals.nextDueDate) })}
          </Text>
        )}
        {totals.advance > 0 && (
          <Text size="sm" c="dimmed">
            {t("fees.advance")} <Money value={totals.advance} currency={currency} />
          </Text>
        )}
      </Stack>
      {payable >= MIN_ONLINE ? (
        <Stack gap="xs" mt="md">
          {payDue && (
            <Button
              size="md"
              fullWidth
              justify="space-between"
              leftSection={<IconCreditCard size={20} aria-hidden />}
              rightSection={<Money value={now.amount} currency={currency} />}
              loading={paying === "due"}
              disabled={paying === "all"}
              onClick={() => pay(studentId, now.ids)}
              data-testid="fees-pay-due"
            >
              {t("fees.payDueNow")}
            </Button>
          )}
          <Button
            size="md"
            fullWidth
            justify="space-between"
            variant={payDue ? "default" : "filled"}
            leftSection={<IconCreditCard size={20} aria-hidden />}
            rightSection={<Money value={payable} currency={currency} />}
            loading={paying === "all"}
            disabled={paying === "due"}
            onClick={() => pay(studentId)}
            data-testid="fees-pay"
          >
            {t(payDue ? "fees.payAll" : "fees.payNow")}
          </Button>
        </Stack>
      ) : (
        <Text mt="sm" size="sm" c="teal.9" fw={600}>
          {t("fees.nothingDue")}
        </Text>
      )}
    </Card>
  );
}

function DueRow({ due, currency }: { due: Due; currency: string }) {
  const { t } = useTranslation("parent");
  const figures: ReactNode[] = [];
  if (due.paid > 0)
    figures.push(
      <span key="paid">
        {t("fees.paid")} <Money value={due.paid} currency={currency} />
      </span>,
    );
  if (due.concession > 0)
    figures.push(
      <span key="concession">
        {t("fees.concession")} <Money value={due.concession} currency={currency} />
      </span>,
    );
  if (due.fine + due.finePending > 0)
    figures.push(
      <span key="fine">
        {t("fees.fine")} <Money value={due.fine + due.finePending} currency={currency} />
      </span>,
    );
  return (
    <Paper
      withBorder
      radius="md"
      p="sm"
      data-testid={`fee-due-${due.id}`}
      style={due.state === "overdue" ? { borderInlineStart: "4px solid var(--mantine-color-red-9)" } : undefined}
    >
      <Group justify="space-between" wrap="nowrap" align="flex-start" gap="xs">
        <div style={{ minWidth: 0 }}>
          <Text fw={600} dir="auto">
            {due.name}
          </Text>
          <Text size="sm" c={due.state === "overdue" ? "red.9" : "dimmed"}>
            {t("fees.dueOn", { date: formatDate(due.dueDate) })}
          </Text>
        </div>
        <Stack gap={4} align="flex-end" style={{ flexShrink: 0 }}>
          <Text fw={700}>
            <Money value={due.balance + due.finePending} currency={currency} />
          </Text>
          <Badge {...STATE_BADGE[due.state]} size="sm">
            {t(`fees.states.${due.state}`)}
          </Badge>
        </Stack>
      </Group>
      {figures.length > 0 && (
        <Text size="xs" c="dimmed" mt={4}>
          {figures.flatMap((f, i) => (i ? [" · ", f] : [f]))}
        </Text>
      )}
    </Paper>
  );
}

function Receipts({ card }: { card: FeeCard }) {
  const { t } = useTranslation("parent");
  const paid = card.payments.filter((p) => p.receiptId !== null && p.receiptNumber !== null);
  if (!paid.length)
    return (
      <Text size="sm" c="dimmed">
        {t("fees.noReceipts")}
      </Text>
    );
  return (
    <Stack gap="xs">
      {paid.map((p) => (
        <Paper key={p.id} withBorder radius="md" p="sm" data-testid={`fee-payment-${p.id}`}>
          <Group justify="space-between" wrap="nowrap" gap="xs" align="flex-start">
            <div style={{ minWidth: 0 }}>
              <Text fw={600}>
                {t(p.kind === "refund" ? "fees.refundNumber" : "fees.receiptNumber")}{" "}
                <bdi dir="ltr" style={{ whiteSpace: "nowrap" }}>
                  {p.receiptNumber}
                </bdi>
              </Text>
              <Text size="sm" c="dimmed">
                {formatDate(p.paidOn)} · {t(`fees.modes.${p.mode}`, { defaultValue: p.mode })}
              </Text>
              {p.status !== "confirmed" && (
                <Badge
                  mt={4}
                  size="sm"
                  {...(p.status === "reversed" ? { color: "gray", variant: "outline" } : { color: "yellow.4", variant: "filled", autoContrast: true })}
                >
                  {t(`fees.paymentStates.${p.status}`)}
                </Badge>
              )}
            </div>
            <Text fw={700} td={p.status === "reversed" ? "line-through" : undefined}>
              <Money value={p.amount} currency={card.currency} />
            </Text>
          </Group>
          <ReceiptDownloadButton receiptId={p.receiptId!} number={p.receiptNumber!} mt="xs" size="sm" fullWidth />
        </Paper>
      ))}
    </Stack>
  );
}

/** Open dues first by date; paid, waived and cancelled ones are left to the receipts. */
const openDues = (dues: Due[]) =>
  dues.filter((d) => d.state === "due" || d.state === "partlyPaid" || d.state === "overdue").sort((a, b) => a.dueDate.localeCompare(b.dueDate));

/**
 * The parent's fees, made for a phone: the chosen child's balance and what is overdue, the fine
 * accrued today, each open due with its date, Pay now (the provider's checkout), and every
 * receipt to download.
 */
export function ParentFeesPage() {
  const { t } = useTranslation("parent");
  const errorText = useErrorText();
  const kids = useActionQuery(linkedChildren);
  const children = kids.data?.rows ?? [];
  const { chosen, choose } = useChosenChild(children);
  const card = useActionQuery(studentFeeCard, { params: { id: chosen?.id ?? 0 } }, { enabled: !!chosen });

  let body: ReactNode = null;
  if (kids.isPending) body = <LoadingState text={t("fees.loading")} />;
  else if (kids.isError) body = <FailureState reason={errorText(kids.error)} onRetry={() => void kids.refetch()} />;
  // With several children the chooser above asks first; with none, the empty state below says why.
  else if (!chosen) body = null;
  else if (card.isPending) body = <LoadingState text={t("fees.loading")} />;
  else if (card.isError) body = <FailureState reason={errorText(card.error)} onRetry={() => void card.refetch()} />;
  else {
    const dues = openDues(card.data.data.dues);
    body = (
      <Stack gap="md">
        <Summary card={card.data.data} studentId={chosen.id} />
        <section aria-labelledby="fees-dues">
          <Title order={3} size="h4" id="fees-dues" mb="xs">
            {t("fees.dues")}
          </Title>
          {dues.length ? (
            <Stack gap="xs">
              {dues.map((d) => (
                <DueRow key={d.id} due={d} currency={card.data.data.currency} />
              ))}
            </Stack>
          ) : (
            <Text size="sm" c="dimmed">
              {t("fees.noDues")}
            </Text>
          )}
        </section>
        <section aria-labelledby="fees-receipts">
          <Title order={3} size="h4" id="fees-receipts" mb="xs">
            {t("fees.receipts")}
          </Title>
          <Receipts card={card.data.data} />
        </section>
      </Stack>
    );
  }

  return (
    <Stack gap="sm">
      <Title order={2}>{t("fees.title")}</Title>
      {children.length > 1 && <ChildChooser list={children} chosen={chosen} onChoose={choose} />}
      {!kids.isPending && !kids.isError && !children.length ? (
        <EmptyList icon={<IconReceipt2 size={32} stroke={1.5} />} title={t("children.noneTitle")} description={t("children.noneText")} />
      ) : (
        body
      )}
    </Stack>
  );
}
