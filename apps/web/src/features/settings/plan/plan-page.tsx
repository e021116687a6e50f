import { Badge, Button, Card, Group, List, Progress, SimpleGrid, Stack, Text, ThemeIcon, Title } from "@mantine/core";
import { IconCheck, IconCreditCard } from "@tabler/icons-react";
import { type ActionReply, type MessageChannel, schoolPlan } from "@taleem/contract";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { formatDate, formatNumber } from "../../../lib/format";
import { useActionQuery } from "../../../lib/use-action";
import { useErrorText } from "../../../ui/api-error";
import { FailureState, LoadingState } from "../../../ui/list-states";
import { Money } from "../../../ui/money";
import { schoolCurrency } from "../../../ui/resource/money";
import { useCan } from "../../../ui/use-can";
import { PaymentHistory, WhatsappTariffs } from "./plan-tables";
import { RechargeDialog } from "./recharge-dialog";

type Plan = ActionReply<typeof schoolPlan>["data"];

const STATUS_COLOR: Record<Plan["status"], string> = { trial: "blue", active: "teal", expired: "red", none: "gray" };

function PlanCard({ plan }: { plan: Plan }) {
  const { t } = useTranslation("settings");
  return (
    <Card withBorder radius="md" padding="md" data-testid="plan-card">
      <Group justify="space-between" align="flex-start" wrap="wrap" gap="xs">
        <div style={{ minWidth: 0 }}>
          <Text size="xs" c="dimmed" fw={600} tt="uppercase">
            {t("plan.current")}
          </Text>
          {/* The platform names its plans: the name is kept as written, isolated in a right-to-left page. */}
          <Title order={3} data-testid="plan-name">
            {plan.plan ? <bdi>{plan.plan.name}</bdi> : t("plan.noPlan")}
          </Title>
          {plan.plan?.description && (
            <Text size="sm" c="dimmed">
              <bdi>{plan.plan.description}</bdi>
            </Text>
          )}
        </div>
        <Badge size="lg" color={STATUS_COLOR[plan.status]} variant="outline" data-testid="plan-status">
          {t(`plan.status.${plan.status}`)}
        </Badge>
      </Group>
      <Stack gap={2} mt="sm">
        {plan.startedOn && <Text size="sm">{t("plan.startedOn", { date: formatDate(plan.startedOn) })}</Text>}
        {plan.renewsOn && (
          <Text size="sm" fw={600}>
            {t(plan.status === "expired" ? "plan.expiredOn" : "plan.renewsOn", { date: formatDate(plan.renewsOn) })}
          </Text>
        )}
        {plan.prices.map((p) => (
          <Text size="sm" key={`${p.currency}-${p.period}`}>
            <Money value={p.amount} currency={p.currency} /> {t(`plan.period.${p.period}`)}
          </Text>
        ))}
      </Stack>
    </Card>
  );
}

function Limits({ plan }: { plan: Plan }) {
  const { t } = useTranslation("settings");
  if (!plan.limits.length && !plan.features.length) return null;
  return (
    <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
      {plan.limits.length > 0 && (
        <Card withBorder radius="md" padding="md">
          <Title order={3} size="h4" mb="sm">
            {t("plan.limits")}
          </Title>
          <Stack gap="sm">
            {plan.limits.map((l) => {
              const share = l.limit ? Math.min(100, (l.used / l.limit) * 100) : 0;
              const color = share >= 90 ? "red.9" : share >= 75 ? "yellow.6" : "teal";
              return (
                <div key={l.key} data-testid={`plan-limit-${l.key}`}>
                  <Group justify="space-between" wrap="nowrap" gap="xs">
                    <Text size="sm" fw={600}>
                      {t(`plan.limitNames.${l.key}`, { defaultValue: l.label })}
                    </Text>
                    <Text size="sm" c="dimmed">
                      {l.limit === null
                        ? t("plan.usedUnlimited", { used: formatNumber(l.used) })
                        : t("plan.usedOf", { used: formatNumber(l.used), limit: formatNumber(l.limit) })}
                    </Text>
                  </Group>
                  {l.limit !== null && (
                    <Progress value={share} color={color} size="md" mt={4} aria-label={t(`plan.limitNames.${l.key}`, { defaultValue: l.label })} />
                  )}
                  {l.limit !== null && l.used > l.limit && (
                    <Text size="xs" c="red.9" fw={600} mt={2}>
                      {t("plan.overLimit")}
                    </Text>
                  )}
                </div>
              );
            })}
          </Stack>
        </Card>
      )}
      {plan.features.length > 0 && (
        <Card withBorder radius="md" padding="md">
          <Title order={3} size="h4" mb="sm">
            {t("plan.features")}
          </Title>
          <List
            spacing={4}
            size="sm"
            icon={
              <ThemeIcon color="teal" size={20} radius="xl" variant="light">
                <IconCheck size={14} aria-hidden />
              </ThemeIcon>
            }
          >
            {plan.features.map((f) => (
              <List.Item key={f.key}>{t(`plan.featureNames.${f.key}`, { defaultValue: f.label })}</List.Item>
            ))}
          </List>
        </Card>
      )}
    </SimpleGrid>
  );
}

function Wallets({ plan, onRecharge }: { plan: Plan; onRecharge?: (channel: MessageChannel, currency: string) => void }) {
  const { t } = useTranslation("settings");
  return (
    <section aria-labelledby="plan-wallets">
      <Group justify="space-between" wrap="wrap" gap="xs" mb="xs">
        <Title order={3} size="h4" id="plan-wallets">
          {t("plan.wallets")}
        </Title>
        {onRecharge && plan.wallets.length === 0 && (
          <Button leftSection={<IconCreditCard size={16} aria-hidden />} onClick={() => onRecharge("whatsapp", schoolCurrency())} data-testid="plan-recharge">
            {t("plan.recharge.button")}
          </Button>
        )}
      </Group>
      <Text size="sm" c="dimmed" mb="sm">
        {t("plan.walletsHint")}
      </Text>
      {plan.wallets.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t("plan.noWallets")}
        </Text>
      ) : (
        <SimpleGrid cols={{ base: 1, sm: 3 }}>
          {plan.wallets.map((w) => (
            <Card key={w.channel} withBorder radius="md" padding="md" data-testid={`wallet-${w.channel}`}>
              <Text fw={600}>{t(`plan.channels.${w.channel}`)}</Text>
              <Text fz={26} fw={700} mt={4} data-testid={`wallet-balance-${w.channel}`}>
                <Money value={w.balance} currency={w.currency} />
              </Text>
              {w.held > 0 && (
                <Text size="sm" c="dimmed">
                  {t("plan.held")} <Money value={w.held} currency={w.currency} />
                </Text>
              )}
              {/* E-mail costs the school nothing: its wallet only shows what was spent. */}
              {onRecharge && w.channel !== "email" && (
                <Button
                  mt="sm"
                  variant="outline"
                  leftSection={<IconCreditCard size={16} aria-hidden />}
                  onClick={() => onRecharge(w.channel, w.currency)}
                  data-testid={`wallet-recharge-${w.channel}`}
                >
                  {t("plan.recharge.button")}
                </Button>
              )}
            </Card>
          ))}
        </SimpleGrid>
      )}
    </section>
  );
}

/**
 * The school's account and plan: the plan and its renewal, its limits beside what the school
 * uses, what it includes, the messaging wallets with a recharge through the payment provider,
 * the payments the school made to the platform, and what a WhatsApp message costs.
 */
export function PlanPage() {
  const { t } = useTranslation("settings");
  const errorText = useErrorText();
  const can = useCan();
  const plan = useActionQuery(schoolPlan);
  const [recharge, setRecharge] = useState<{ channel: MessageChannel; currency: string } | null>(null);
  const mayRecharge = can("settings", "edit");

  return (
    <Stack gap="md" maw={1000}>
      <div>
        <Title order={2}>{t("plan.title")}</Title>
        <Text size="sm" c="dimmed" mt={4}>
          {t("plan.description")}
        </Text>
      </div>
      {plan.isPending ? (
        <LoadingState text={t("plan.loading")} />
      ) : plan.isError ? (
        <FailureState reason={errorText(plan.error)} onRetry={() => void plan.refetch()} />
      ) : (
        <>
          <PlanCard plan={plan.data.data} />
          <Limits plan={plan.data.data} />
          <Wallets plan={plan.data.data} onRecharge={mayRecharge ? (channel, currency) => setRecharge({ channel, currency }) : undefined} />
        </>
      )}
      <PaymentHistory />
      <WhatsappTariffs />
      {recharge && <RechargeDialog opened onClose={() => setRecharge(null)} channel={recharge.channel} currency={recharge.currency || schoolCurrency()} />}
    </Stack>
  );
}
