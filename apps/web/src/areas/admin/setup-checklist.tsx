import { Anchor, Button, Card, Group, Progress, Stack, Text, ThemeIcon, Title } from "@mantine/core";
import { useLocalStorage } from "@mantine/hooks";
import { IconCircleCheck, IconCircleDashed } from "@tabler/icons-react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { useAuth } from "../../lib/auth-store";
import { formatNumber } from "../../lib/format";
import { useAreaPath } from "../../ui/area-path";
import { SETUP, SetupLink, useSetupProgress } from "../../ui/setup-steps";
import { useCan } from "../../ui/use-can";

/**
 * A new school's first run: the seven things to make, in order, each ticked once it exists, with
 * the way to the next one. Gone once all are done, or when the school hides it.
 */
export function SetupChecklist() {
  const { t } = useTranslation("admin");
  const to = useAreaPath();
  const allowed = useCan();
  const code = useAuth((s) => s.user?.tenant.code ?? "");
  const [dismissed, setDismissed] = useLocalStorage({ key: `taleem.setup-dismissed.${code}`, defaultValue: false, getInitialValueInEffect: false });
  const { setup } = useSetupProgress();
  if (!setup || dismissed) return null;
  const done = SETUP.filter((s) => setup[s.step] > 0).length;
  if (done === SETUP.length) return null;
  const next = SETUP.find((s) => setup[s.step] === 0);

  return (
    <Card withBorder radius="md" padding="lg" component="section" aria-labelledby="setup-title">
      <Stack gap="sm">
        <Group justify="space-between" align="flex-start" wrap="wrap" gap="xs">
          <div>
            <Title order={3} size="h4" id="setup-title">
              {t("setup.title")}
            </Title>
            <Text size="sm" c="dimmed">
              {t("setup.text")}
            </Text>
          </div>
          <Button variant="subtle" color="gray" size="xs" onClick={() => setDismissed(true)}>
            {t("setup.dismiss")}
          </Button>
        </Group>
        <Group gap="sm" wrap="nowrap">
          <Progress value={(done / SETUP.length) * 100} style={{ flex: 1 }} aria-hidden />
          <Text size="sm" fw={600} aria-live="polite">
            {t("setup.progress", { done: formatNumber(done), total: formatNumber(SETUP.length) })}
          </Text>
        </Group>
        <Stack gap={6} component="ol" style={{ listStyle: "none", padding: 0, margin: 0 }}>
          {SETUP.map((s) => {
            const ok = setup[s.step] > 0;
            return (
              <Group key={s.step} component="li" gap="sm" wrap="nowrap" align="flex-start" data-step={s.step} data-done={ok}>
                <ThemeIcon variant="light" radius="xl" size={28} color={ok ? "teal" : "gray"}>
                  {ok ? <IconCircleCheck size={18} aria-label={t("dashboard.done")} /> : <IconCircleDashed size={18} aria-label={t("dashboard.todo")} />}
                </ThemeIcon>
                <div style={{ flex: 1, minWidth: 0 }}>
                  {allowed(...s.permission) ? (
                    <Anchor component={Link} to={to(s.path)} fw={600} size="sm" td={ok ? "line-through" : undefined} c={ok ? "dimmed" : undefined}>
                      {t(`setup.steps.${s.step}.title`)}
                    </Anchor>
                  ) : (
                    <Text fw={600} size="sm" c={ok ? "dimmed" : undefined}>
                      {t(`setup.steps.${s.step}.title`)}
                    </Text>
                  )}
                  {!ok && (
                    <Text size="xs" c="dimmed">
                      {t(`setup.steps.${s.step}.text`)}
                    </Text>
                  )}
                </div>
              </Group>
            );
          })}
        </Stack>
        {next && (
          <Group>
            <SetupLink step={next.step} />
          </Group>
        )}
      </Stack>
    </Card>
  );
}
