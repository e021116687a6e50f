import { Badge, Card, Group, SegmentedControl, SimpleGrid, Stack, Table, Text, Title } from "@mantine/core";
import { MESSAGE_CHANNELS, type MessageChannel, messagingWallet } from "@taleem/contract";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { formatDateTime, formatMoney } from "../../../lib/format";
import { useActionQuery } from "../../../lib/use-action";
import { useErrorText } from "../../../ui/api-error";
import { ListPagination } from "../../../ui/list-pagination";
import { FailureState, LoadingState } from "../../../ui/list-states";

const PAGE = 25;

/**
 * The messaging wallet: what the school can spend per channel and what sends in flight hold,
 * the prices per message, and every movement (recharge, hold, debit on delivery, release on
 * failure) with the balance after it. Recharges come from the platform.
 */
export function WalletPage() {
  const { t } = useTranslation(["messaging", "admin"]);
  const errorText = useErrorText();
  const [channel, setChannel] = useState<MessageChannel | "all">("all");
  const [page, setPage] = useState(1);
  const wallet = useActionQuery(messagingWallet, { query: { channel: channel === "all" ? undefined : channel, page, limit: PAGE } });
  if (wallet.isPending) return <LoadingState text={t("wallet.loading")} />;
  if (wallet.isError) return <FailureState reason={errorText(wallet.error)} onRetry={() => void wallet.refetch()} />;
  const { wallets, tariffs, rows, count } = wallet.data;
  const currency = wallets[0]?.currency ?? "INR";
  // A recharge carries the platform's own note; the rest are told in the reader's language.
  const noteOf = (r: (typeof rows)[number]) =>
    r.kind === "recharge"
      ? (r.note ?? "")
      : r.bulkSendId
        ? t("wallet.bulk", { id: r.bulkSendId })
        : r.messageLogId
          ? t("wallet.message", { id: r.messageLogId })
          : "";
  return (
    <Stack gap="md" maw={1000}>
      <div>
        <Title order={2}>{t("wallet.title")}</Title>
        <Text size="sm" c="dimmed" mt={4}>
          {t("wallet.hint")}
        </Text>
      </div>
      <SimpleGrid cols={{ base: 1, sm: 3 }}>
        {wallets.map((w) => (
          <Card key={w.channel} withBorder padding="md">
            <Group justify="space-between">
              <Text fw={600}>{t(`channels.${w.channel}`)}</Text>
              {w.lowBalance && (
                <Badge color="orange" variant="dot">
                  {t("wallet.low")}
                </Badge>
              )}
            </Group>
            <Text fz={28} fw={700} mt="xs">
              {formatMoney(w.balance, w.currency)}
            </Text>
            <Text size="sm" c="dimmed">
              {t("wallet.held", { amount: formatMoney(w.held, w.currency) })}
            </Text>
          </Card>
        ))}
      </SimpleGrid>
      <div>
        <Title order={4}>{t("wallet.prices")}</Title>
        <Table.ScrollContainer type="native" tabIndex={0} aria-label={t("wallet.prices")} minWidth={360}>
          <Table verticalSpacing={4} striped>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t("wallet.channel")}</Table.Th>
                <Table.Th>{t("wallet.country")}</Table.Th>
                <Table.Th>{t("wallet.category")}</Table.Th>
                <Table.Th ta="end">{t("wallet.price")}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {tariffs.map((p) => (
                <Table.Tr key={`${p.channel}-${p.country}-${p.category}`}>
                  <Table.Td>{t(`channels.${p.channel}`)}</Table.Td>
                  <Table.Td>{p.country === "*" ? t("wallet.anyCountry") : p.country}</Table.Td>
                  <Table.Td>{t(`wallet.categories.${p.category}`, { defaultValue: p.category })}</Table.Td>
                  <Table.Td ta="end">{formatMoney(p.price, p.currency)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      </div>
      <Group justify="space-between" wrap="wrap">
        <Title order={4}>{t("wallet.ledger")}</Title>
        <SegmentedControl
          value={channel}
          onChange={(v) => {
            setChannel(v as MessageChannel | "all");
            setPage(1);
          }}
          data={[{ value: "all", label: t("wallet.all") }, ...MESSAGE_CHANNELS.map((c) => ({ value: c, label: t(`channels.${c}`) }))]}
        />
      </Group>
      {rows.length === 0 ? (
        <Text c="dimmed">{t("wallet.empty")}</Text>
      ) : (
        <Table.ScrollContainer type="native" tabIndex={0} aria-label={t("wallet.ledger")} minWidth={640}>
          <Table verticalSpacing={4} striped>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t("wallet.when")}</Table.Th>
                <Table.Th>{t("wallet.channel")}</Table.Th>
                <Table.Th>{t("wallet.kind")}</Table.Th>
                <Table.Th ta="end">{t("wallet.amount")}</Table.Th>
                <Table.Th ta="end">{t("wallet.balanceAfter")}</Table.Th>
                <Table.Th ta="end">{t("wallet.heldAfter")}</Table.Th>
                <Table.Th>{t("wallet.note")}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((r) => (
                <Table.Tr key={r.id}>
                  <Table.Td>{formatDateTime(r.createdAt)}</Table.Td>
                  <Table.Td>{t(`channels.${r.channel}`)}</Table.Td>
                  <Table.Td>{t(`wallet.kinds.${r.kind}`)}</Table.Td>
                  <Table.Td ta="end" dir="ltr">
                    {formatMoney(r.amount, currency)}
                  </Table.Td>
                  <Table.Td ta="end">{formatMoney(r.balanceAfter, currency)}</Table.Td>
                  <Table.Td ta="end">{formatMoney(r.heldAfter, currency)}</Table.Td>
                  <Table.Td>{noteOf(r)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      {count > PAGE && <ListPagination total={Math.ceil(count / PAGE)} value={page} onChange={setPage} size="sm" siblings={0} />}
    </Stack>
  );
}
