import { Anchor, Badge, Text } from "@mantine/core";
import { IconListCheck } from "@tabler/icons-react";
import type { HomeData } from "@taleem/contract";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { formatNumber } from "../../lib/format";
import { useReferenceName } from "../../ui/reference-name";
import { forChild, LinkCard, ListCard, ListCardRow } from "./home-card";

/** At most this many tasks are listed on the home; the rest are one tap away. */
const SHOWN = 3;

/** Today's tasks not done yet, each opening the tasks screen where the parent ticks it. */
export function TasksCard({ home }: { home: HomeData }) {
  const { t } = useTranslation("parent");
  const typeName = useReferenceName("taskTypes");
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
    <ListCard
      icon={IconListCheck}
      color="orange"
      title={t("homeCards.tasks.title")}
      testId="home-tasks"
      aside={
        <Badge color="indigo.9" variant="outline">
          {formatNumber(tasks.length)}
        </Badge>
      }
    >
      {tasks.slice(0, SHOWN).map((task) => (
        <ListCardRow key={`${task.id}-${task.date}`} to={to} testId="home-task">
          <Text fw={600} size="sm" dir="auto" lineClamp={1}>
            {task.title}
          </Text>
          <Text size="xs" c="dimmed" lineClamp={1}>
            <bdi>{typeName({ name: task.typeName, builtinKey: task.typeKey })}</bdi>
          </Text>
        </ListCardRow>
      ))}
      {tasks.length > SHOWN && (
        <Anchor component={Link} to={to} size="sm" fw={600} pt={4}>
          {t("homeCards.tasks.more", { n: formatNumber(tasks.length - SHOWN) })}
        </Anchor>
      )}
    </ListCard>
  );
}
