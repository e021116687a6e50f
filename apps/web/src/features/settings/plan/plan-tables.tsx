import { Badge, Card, Table, Text, Title } from "@mantine/core";
import { IconReceipt } from "@tabler/icons-react";
import { schoolPayments, whatsappTariffs } from "@taleem/contract";
import { type ReactNode, useState } from "react";
import { useTranslation } from "react-i18next";
import { digitsOf, formatDateTime, schoolCountry } from "../../../lib/format";
import { currentLanguage } from "../../../lib/i18n";
import { useActionQuery } from "../../../lib/use-action";
import { useErrorText } from "../../../ui/api-error";
import { ListPagination } from "../../../ui/list-pagination";
import { EmptyList, FailureState, LoadingState } from "../../../ui/list-states";
import { Money } from "../../../ui/money";
import { minorDigits } from "../../../ui/resource/money";

const LIMIT = 10;

/** A price per message can be a fraction of a paisa (₹0.7846): up to two more places than the currency's own. */
function tariffText(minor: number, currency: string): string {
  const digits = minorDigits(currency);
  const options = { style: "currency", currency, numberingSystem: digitsOf(), minimumFractionDigits: digits, maximumFractionDigits: digits + 2 } as const;
  try {
    return new Intl.NumberFormat(`en-${schoolCountry()}`, options).format(minor / 10 ** digits);
  } catch {
    return new Intl.NumberFormat("en", options).format(minor / 10 ** digits);
  }
}
const PAYMENT_COLOR = { created: "gray", paid: "teal", failed: "red" } as const;

/** The school's payments to the platform (recharges, the plan), newest first, ten a page. */
export function PaymentHistory() {
  const { t } = useTranslation("settings");
  const errorText = useErrorText();
  const [page, setPage] = useState(1);
  const payments = useActionQuery(schoolPayments, { query: { page, limit: LIMIT } }, { placeholderData: (old) => old });
  let body: ReactNode;
  if (payments.isPending) body = <LoadingState text={t("plan.loading")} />;
  else if (payments.isError) body = <FailureState reason={errorText(payments.error)} onRetry={() => void payments.refetch()} />;
  else if (!payments.data.data.length)
    body = <EmptyList icon={<IconReceipt size={32} stroke={1.5} />} title={t("plan.history.emptyTitle")} description={t("plan.history.emptyText")} />;
  else
    body = (
      <>
        <Table.ScrollContainer type="native" minWidth={640} tabIndex={0} aria-label={t("plan.history.title")}>
          <Table striped verticalSpacing={6} data-testid="plan-payments">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t("plan.history.when")}</Table.Th>
                <Table.Th>{t("plan.history.purpose")}</Table.Th>
                <Table.Th ta="end">{t("plan.history.amount")}</Table.Th>
                <Table.Th>{t("plan.history.status")}</Table.Th>
                <Table.Th>{t("plan.history.reference")}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {payments.data.data.map((p) => (
                <Table.Tr key={p.id} data-testid={`plan-payment-${p.id}`}>
                  <Table.Td>
                    <bdi>{formatDateTime(p.paidAt ?? p.createdAt)}</bdi>
                  </Table.Td>
                  <Table.Td>
                    {p.purpose === "recharge" && p.channel
                      ? t("plan.history.rechargeOf", { channel: t(`plan.channels.${p.channel}`) })
                      : t(`plan.history.purposes.${p.purpose}`)}
                  </Table.Td>
                  <Table.Td ta="end">
                    <Money value={p.amount} currency={p.currency} />
                  </Table.Td>
                  <Table.Td>
                    <Badge variant="outline" color={PAYMENT_COLOR[p.status]}>
                      {t(`plan.history.states.${p.status}`)}
                    </Badge>
                  </Table.Td>
                  <Table.Td>
                    <Text size="xs" c="dimmed" dir="ltr" span>
                      {p.providerPaymentId ?? "—"}
                    </Text>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
        {payments.data.pagination.pages > 1 && <ListPagination mt="sm" total={payments.data.pagination.pages} value={page} onChange={setPage} siblings={0} />}
      </>
    );
  return (
    <Card withBorder radius="md" padding="md">
      <Title order={3} size="h4" mb="sm">
        {t("plan.history.title")}
      </Title>
      {body}
    </Card>
  );
}

/** A country's name in the reader's language ("*" is every other country). */
function useCountryName() {
  const { t } = useTranslation("settings");
  const lng = currentLanguage();
  let names: Intl.DisplayNames | null = null;
  try {
    names = new Intl.DisplayNames([lng, "en"], { type: "region" });
  } catch {
    names = null;
  }
  return (code: string) => (code === "*" ? t("plan.tariffs.anyCountry") : (names?.of(code) ?? code));
}

/** What a delivered WhatsApp message costs this school: a row a country, a column a category. */
export function WhatsappTariffs() {
  const { t } = useTranslation("settings");
  const errorText = useErrorText();
  const countryName = useCountryName();
  const tariffs = useActionQuery(whatsappTariffs);
  let body: ReactNode;
  if (tariffs.isPending) body = <LoadingState text={t("plan.loading")} />;
  else if (tariffs.isError) body = <FailureState reason={errorText(tariffs.error)} onRetry={() => void tariffs.refetch()} />;
  else if (!tariffs.data.data.length)
    body = (
      <Text size="sm" c="dimmed">
        {t("plan.tariffs.empty")}
      </Text>
    );
  else {
    const rows = tariffs.data.data;
    const categories = [...new Set(rows.map((r) => r.category))];
    // The school's own country first, "any other country" last.
    const countries = [...new Set(rows.map((r) => r.country))].sort((a, b) => (a === "*" ? 1 : b === "*" ? -1 : 0));
    const price = (country: string, category: string) => rows.find((r) => r.country === country && r.category === category);
    body = (
      <Table.ScrollContainer type="native" minWidth={360} tabIndex={0} aria-label={t("plan.tariffs.title")}>
        <Table striped verticalSpacing={6} data-testid="plan-tariffs">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t("plan.tariffs.country")}</Table.Th>
              {categories.map((c) => (
                <Table.Th key={c} ta="end">
                  {t(`plan.tariffs.categories.${c}`, { defaultValue: c })}
                </Table.Th>
              ))}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {countries.map((country) => (
              <Table.Tr key={country}>
                <Table.Td>{countryName(country)}</Table.Td>
                {categories.map((c) => {
                  const p = price(country, c);
                  return (
                    <Table.Td key={c} ta="end">
                      {p ? (
                        <bdi dir="ltr" style={{ whiteSpace: "nowrap" }}>
                          {tariffText(p.price, p.currency)}
                        </bdi>
                      ) : (
                        "—"
                      )}
                    </Table.Td>
                  );
                })}
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    );
  }
  return (
    <Card withBorder radius="md" padding="md">
      <Title order={3} size="h4">
        {t("plan.tariffs.title")}
      </Title>
      <Text size="sm" c="dimmed" mb="sm">
        {t("plan.tariffs.hint")}
      </Text>
      {body}
    </Card>
  );
}
