import { Anchor, Badge, Card, Group, Stack, Text, ThemeIcon } from "@mantine/core";
import { IconChevronRight, IconListCheck } from "@tabler/icons-react";
import type { HomeData } from "@taleem/contract";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { formatNumber } from "../../lib/format";
import mirror from "../../ui/mirror.module.css";
import { forChild, LinkCard } from "./home-card";

/** At most this many tasks are listed on the home; the rest are one tap away. */
const SHOWN = 3;

/** Today's tasks not done yet, each opening the tasks screen where the parent ticks it. */
export function TasksCard({ home }: { home: HomeData }) {
  const { t } = useTranslation("parent");
  const tasks = home.todaysPendingTasks;
  const to = forChild("/parent/tasks", home.student.id);
  if (!tasks.length) {
    return (
      <LinkCard to={to} icon={IconListCheck} title={t("homeCards.tasks.title")} testId="home-tasks">
        <Text fw={600}>{t("homeCards.tasks.none")}</Text>
      </LinkCard>
    );
  }
  return (
    <Card withBorder radius="md" padding="sm" data-testid="home-tasks">
      <Group gap="sm" wrap="nowrap" mb={6}>
        <ThemeIcon variant="light" color="orange" radius="xl" size={36} aria-hidden>
          <IconListCheck size={20} />
        </ThemeIcon>
        <Text size="xs" c="dimmed" fw={600} style={{ flex: 1 }}>
          {t("homeCards.tasks.title")}
        </Text>
        <Badge color="indigo.9" variant="outline">
          {formatNumber(tasks.length)}
        </Badge>
      </Group>
      <Stack gap={2}>
        {tasks.slice(0, SHOWN).map((task) => (
          <Anchor
            key={`${task.id}-${task.date}`}
            component={Link}
            to={to}
            underline="never"
            c="inherit"
            py={6}
            data-testid="home-task"
            style={{ borderBlockStart: "1px solid var(--mantine-color-default-border)" }}
          >
            <Group wrap="nowrap" gap="xs">
              <div style={{ flex: 1, minWidth: 0 }}>
                <Text fw={600} size="sm" dir="auto" lineClamp={1}>
                  {task.title}
                </Text>
                <Text size="xs" c="dimmed" lineClamp={1}>
                  <bdi>{task.typeName}</bdi>
                </Text>
              </div>
              <IconChevronRight size={16} className={mirror.mirror} aria-hidden style={{ flex: "none", opacity: 0.6 }} />
            </Group>
          </Anchor>
        ))}
        {tasks.length > SHOWN && (
          <Anchor component={Link} to={to} size="sm" fw={600} pt={4}>
            {t("homeCards.tasks.more", { n: formatNumber(tasks.length - SHOWN) })}
          </Anchor>
        )}
      </Stack>
    </Card>
  );
}
