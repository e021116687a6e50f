import { Alert, Anchor, Button, Checkbox, Group, NativeSelect, Paper, SimpleGrid, Stack, Text, TextInput } from "@mantine/core";
import { IconAlertCircle, IconArrowBack, IconCash } from "@tabler/icons-react";
import { type ActionReply, PAYMENT_MODES, type studentFeeCard } from "@taleem/contract";
import { type FormEvent, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { formatDate, formatNumber, schoolCountry, schoolDay } from "../../../lib/format";
import { useAreaPath } from "../../../ui/area-path";
import { ltr, Money, StateBadge } from "../../../ui/money";
import { formatMinor, MoneyInput, majorToMinor, minorToMajor } from "../../../ui/resource";
import { StudentHeading } from "../student-heading";
import { AmountConfirm } from "./amount-confirm";
import classes from "./counter.module.css";
import { type Collected, useTakePayment } from "./use-take-payment";

export type FeeCard = ActionReply<typeof studentFeeCard>["data"];

/** The most dues one collection may name (the contract's bound): beyond it the payment names none and goes to the oldest. */
const MAX_NAMED_DUES = 200;

/** The ways money is taken at the counter: the online kinds come only from a verified provider payment. */
export function counterModes(country: string = schoolCountry()): string[] {
  const local = country === "PK" ? ["jazzcash", "easypaisa", "challan"] : [];
  return PAYMENT_MODES.filter((m) => m !== "online" && (!["jazzcash", "easypaisa", "challan"].includes(m) || local.includes(m)));
}

/** A due still to be paid, or one with a fine accrued today. */
export const isOpen = (d: FeeCard["dues"][number]) => !["paid", "cancelled", "waived"].includes(d.state) && d.balance + d.finePending > 0;

/** What the family pays today: the balance and the fine accrued on the day, not yet charged. */
export const payableToday = (card: FeeCard) => Math.max(0, card.totals.balance + card.totals.finePending);

/** What falls due by today (with today's fine): what a parent at the counter usually pays. */
export const dueByToday = (card: FeeCard, today: string = schoolDay()) =>
  card.dues.filter((d) => isOpen(d) && d.dueDate <= today).reduce((sum, d) => sum + d.balance + d.finePending, 0);

/**
 * The open dues of the child at the counter, each with its fine due today and its balance: those
 * due by today in full, the later ones counted (a year of instalments would push the amount off a phone).
 */
export function OpenDues({ card }: { card: FeeCard }) {
  const { t } = useTranslation("fees");
  const today = schoolDay();
  const open = card.dues.filter(isOpen);
  const now = open.filter((d) => d.dueDate <= today);
  const later = open.filter((d) => d.dueDate > today);
  if (!open.length)
    return (
      <Text c="dimmed" size="sm">
        {t("counter.nothingDue")}
      </Text>
    );
  return (
    <Stack gap={0} role="list" aria-label={t("card.dues")} className={classes.dues}>
      {now.map((d) => (
        <Group key={d.id} justify="space-between" wrap="nowrap" gap="sm" role="listitem" className={classes.due}>
          <div style={{ minWidth: 0 }}>
            <Text size="sm" fw={500}>
              <bdi>{d.name}</bdi>
            </Text>
            <Group gap={6}>
              <Text size="xs" c="dimmed">
                <bdi>{formatDate(d.dueDate)}</bdi>
              </Text>
              {d.state === "overdue" && <StateBadge kind="due" state="overdue" />}
            </Group>
          </div>
          <div style={{ textAlign: "end", flexShrink: 0 }}>
            <Money value={d.balance + d.finePending} fw={600} size="sm" />
            {d.fine + d.finePending > 0 && (
              <Text size="xs" c="red.9">
                {t("counter.fineShort")} <Money value={d.fine + d.finePending} />
              </Text>
            )}
          </div>
        </Group>
      ))}
      {later.length > 0 && (
        <Text size="xs" c="dimmed" className={classes.due}>
          {t("counter.later", { n: formatNumber(later.length), date: formatDate(later[0]!.dueDate) })}{" "}
          <Money value={later.reduce((sum, d) => sum + d.balance, 0)} />
        </Text>
      )}
    </Stack>
  );
}

/**
 * The child at the counter: what is due with today's fine, the amount (the balance unless
 * changed), the mode, and Take payment. The payment names the dues on the screen, so one paid
 * meanwhile at another counter is refused rather than turned into an advance; more than is owed
 * is kept as an advance only when the clerk ticks so.
 */
export function CounterPayment({ card, onPaid, onBack }: { card: FeeCard; onPaid: (paid: Collected) => void; onBack: () => void }) {
  const { t } = useTranslation(["fees", "admin"]);
  const to = useAreaPath();
  const currency = card.currency;
  const [amount, setAmount] = useState(() => minorToMajor(payableToday(card), currency));
  const [mode, setMode] = useState("cash");
  const [reference, setReference] = useState("");
  const [advance, setAdvance] = useState(false);
  const s = card.student;
  const nowDue = dueByToday(card);
  const take = useTakePayment(s.id, currency, onPaid);
  const { errors, setErrors } = take;
  const payable = payableToday(card);
  const over = (majorToMinor(amount, currency) ?? 0) - payable;
  const offersAdvance = over > 0 || take.offerAdvance;

  function submit(e: FormEvent) {
    e.preventDefault();
    if (take.pending) return;
    take.setFormError(null);
    const minor = majorToMinor(amount, currency);
    const next: Record<string, string> = {};
    if (!minor) next.amount = t("counter.amountNeeded");
    const needsReference = mode === "cheque" || mode === "bank";
    if (needsReference && !reference.trim()) next.reference = t(`counter.referenceNeeded.${mode}`);
    setErrors(next);
    if (Object.keys(next).length) {
      document.querySelector<HTMLInputElement>(`[name="${Object.keys(next)[0]}"]`)?.focus();
      return;
    }
    const open = card.dues.filter(isOpen).map((d) => d.id);
    const feeIds = open.length && open.length <= MAX_NAMED_DUES ? open : undefined;
    // Only a box the clerk can see counts: one ticked for an amount since lowered keeps nothing ahead.
    take.send({ amount: minor!, mode, reference: reference.trim() || null, feeIds, advance: advance && offersAdvance });
  }

  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-start" wrap="wrap" gap="xs">
        <div>
          <StudentHeading student={s} order={3} withGuardian />
        </div>
        <Group gap="xs">
          <Anchor component={Link} to={to(`fees/student/${s.id}`)} size="sm">
            {t("counter.openCard")}
          </Anchor>
          <Button variant="default" size="xs" leftSection={<IconArrowBack size={14} />} onClick={onBack}>
            {t("counter.another")}
          </Button>
        </Group>
      </Group>
      <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="xs">
        <Figure label={t("card.totals.balance")} value={card.totals.balance} currency={currency} />
        <Figure label={t("counter.fineToday")} value={card.totals.finePending} currency={currency} />
        <Figure label={t("card.totals.overdue")} value={card.totals.overdue} currency={currency} />
        <Figure label={t("card.totals.advance")} value={card.totals.advance} currency={currency} />
      </SimpleGrid>
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md" style={{ alignItems: "start" }}>
        <Paper withBorder radius="md" p="md" component="form" onSubmit={submit} noValidate aria-label={t("counter.payment")}>
          <Stack gap="sm">
            {take.formError && (
              <Alert color="red" icon={<IconAlertCircle size={18} />} role="alert">
                {take.formError}
              </Alert>
            )}
            <SimpleGrid cols={{ base: 1, xs: 2, md: 1 }} spacing="sm">
              <MoneyInput
                name="amount"
                size="md"
                label={t("counter.amount")}
                description={t("counter.amountHint", { amount: ltr(formatMinor(payable, currency)) })}
                withAsterisk
                currency={currency}
                value={amount}
                onChange={(v) => {
                  setAmount(v);
                  setErrors(({ amount: _a, ...rest }) => rest);
                }}
                error={errors.amount}
                data-autofocus
                autoFocus
              />
              <NativeSelect
                name="mode"
                size="md"
                label={t("counter.mode")}
                data={counterModes().map((m) => ({ value: m, label: t(`modes.${m}`) }))}
                value={mode}
                onChange={(e) => setMode(e.currentTarget.value)}
                error={errors.mode}
              />
              {mode !== "cash" && (
                <TextInput
                  name="reference"
                  size="md"
                  dir="ltr"
                  label={t(`counter.reference.${mode === "cheque" || mode === "bank" ? mode : "other"}`)}
                  withAsterisk={mode === "cheque" || mode === "bank"}
                  value={reference}
                  onChange={(e) => {
                    setReference(e.currentTarget.value);
                    setErrors(({ reference: _r, ...rest }) => rest);
                  }}
                  error={errors.reference}
                  maxLength={60}
                />
              )}
            </SimpleGrid>
            {offersAdvance && (
              <Checkbox
                name="advance"
                label={payable > 0 ? t("counter.keepRest") : t("counter.isAdvance")}
                description={over > 0 && payable > 0 ? t("counter.keepRestHint", { amount: ltr(formatMinor(over, currency)) }) : undefined}
                checked={advance}
                onChange={(e) => {
                  setAdvance(e.currentTarget.checked);
                  setErrors(({ amount: _a, ...rest }) => rest);
                }}
              />
            )}
            <Group justify="space-between" wrap="wrap" gap="xs">
              <Group gap="xs">
                {nowDue > 0 && nowDue !== payableToday(card) && (
                  <Button variant="light" size="xs" onClick={() => setAmount(minorToMajor(nowDue, currency))}>
                    {t("counter.payDueNow")} <Money value={nowDue} currency={currency} ms={4} />
                  </Button>
                )}
                {payableToday(card) > 0 && (
                  <Button variant="light" size="xs" onClick={() => setAmount(minorToMajor(payableToday(card), currency))}>
                    {t("counter.payAll")} <Money value={payableToday(card)} currency={currency} ms={4} />
                  </Button>
                )}
              </Group>
              <Button type="submit" size="md" leftSection={<IconCash size={18} />} loading={take.pending} data-testid="take-payment">
                {t("counter.take")}
              </Button>
            </Group>
          </Stack>
        </Paper>
        <OpenDues card={card} />
      </SimpleGrid>
      <AmountConfirm
        asked={take.toConfirm}
        currency={currency}
        pending={take.pending}
        onConfirm={take.confirm}
        onClose={() => {
          take.cancelConfirm();
          document.querySelector<HTMLInputElement>('[name="amount"]')?.focus();
        }}
      />
    </Stack>
  );
}

function Figure({ label, value, currency }: { label: string; value: number; currency: string }) {
  return (
    <Paper withBorder radius="md" p="xs">
      <Text size="xs" c="dimmed" fw={600}>
        {label}
      </Text>
      <Money value={value} currency={currency} fw={700} size="lg" />
    </Paper>
  );
}
