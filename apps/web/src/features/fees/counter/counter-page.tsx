import { Container, Stack, Text, Title } from "@mantine/core";
import { studentFeeCard } from "@taleem/contract";
import type { ReactNode } from "react";
import { useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { useSearchParams } from "react-router";
import { useActionQuery } from "../../../lib/use-action";
import { useErrorText } from "../../../ui/api-error";
import { FailureState, LoadingState } from "../../../ui/list-states";
import { setSchoolCurrency } from "../../../ui/resource";
import { CounterPayment } from "./counter-payment";
import { CounterReceipt } from "./counter-receipt";
import { CounterSearch } from "./counter-search";
import type { Collected } from "./use-take-payment";

/**
 * The fee counter, for a queue of parents: find the child, see what is due with today's fine,
 * take the payment, hand over the receipt, Next. Keyboard only: the box has the focus, Enter takes
 * the first child, Enter pays, Enter on Next is back in the box.
 */
export function CounterPage() {
  const { t } = useTranslation("fees");
  const errorText = useErrorText();
  const [search, setSearch] = useSearchParams();
  const studentId = Number(search.get("studentId")) || 0;
  const [paid, setPaid] = useState<Collected | null>(null);
  const [round, setRound] = useState(0);
  const box = useRef<HTMLInputElement>(null);
  const card = useActionQuery(studentFeeCard, { params: { id: studentId } }, { enabled: studentId > 0 && !paid });
  if (card.data) setSchoolCurrency(card.data.data.currency);

  const pick = (id: number) => {
    setPaid(null);
    setSearch({ studentId: String(id) });
  };
  const next = () => {
    setPaid(null);
    setSearch({}, { replace: false });
    setRound((n) => n + 1);
  };
  // Back at the search (Next, or another child): the box has the focus for the next parent.
  // biome-ignore lint/correctness/useExhaustiveDependencies: each Next is a new round, even when the address was already the search
  useEffect(() => {
    if (!studentId) box.current?.focus();
  }, [studentId, round]);

  let body: ReactNode;
  if (!studentId) body = <CounterSearch key={round} inputRef={box} onPick={pick} />;
  else if (paid) body = <CounterReceipt paid={paid} studentName={card.data?.data.student.name ?? ""} currency={card.data?.data.currency ?? ""} onNext={next} />;
  else if (card.isPending) body = <LoadingState text={t("counter.loadingChild")} />;
  else if (card.isError || !card.data) body = <FailureState reason={errorText(card.error)} onRetry={() => void card.refetch()} />;
  else body = <CounterPayment key={studentId} card={card.data.data} onPaid={setPaid} onBack={next} />;

  return (
    <Container size="md" px={0}>
      <Stack gap="md">
        <div>
          <Title order={2}>{t("counter.title")}</Title>
          <Text c="dimmed" size="sm" mt={4}>
            {t("counter.description")}
          </Text>
        </div>
        {body}
      </Stack>
    </Container>
  );
}
