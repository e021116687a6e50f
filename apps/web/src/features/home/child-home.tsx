import { Alert, Button, Group, Loader, Stack, Text } from "@mantine/core";
import { IconCloudOff, IconRefresh, IconSchool } from "@tabler/icons-react";
import type { HomeData } from "@taleem/contract";
import { memo, useDeferredValue } from "react";
import { Trans, useTranslation } from "react-i18next";
import { useDrawnOnServer } from "../../app/server-phone";
import { formatDateTime } from "../../lib/format";
import { useErrorText } from "../../ui/api-error";
import { FailureState } from "../../ui/list-states";
import classes from "./child-home.module.css";
import { ChildTodayCard } from "./child-today-card";
import { FeeCard, HifzCard, NextLessonCard, NotificationsCard, ResultCard } from "./glance-cards";
import { HomeSkeleton } from "./home-card";
import { MaterialsCard } from "./materials-card";
import { TasksCard } from "./tasks-card";
import { useHome } from "./use-home";
import { WeekCharts } from "./week-charts";

/** Shown above data that may be old: when it was true, and a way to ask again. */
function StaleNote({ asOf, loading, failed, onRetry }: { asOf: string; loading: boolean; failed: boolean; onRetry: () => void }) {
  const { t } = useTranslation("parent");
  return (
    <Alert
      variant="light"
      color={failed ? "yellow" : "gray"}
      icon={failed ? <IconCloudOff size={18} /> : <Loader size={16} />}
      role="status"
      p="xs"
      data-testid="home-stale"
    >
      <Group justify="space-between" wrap="wrap" gap="xs">
        <div style={{ minWidth: 0 }}>
          {failed && (
            <Text size="sm" fw={600}>
              {t("homeCards.stale.offline")}
            </Text>
          )}
          <Text size="xs" c="dimmed">
            {t("homeCards.stale.lastUpdated", { time: formatDateTime(asOf) })}
          </Text>
        </div>
        {failed && (
          <Button size="compact-sm" variant="white" leftSection={<IconRefresh size={14} />} loading={loading} onClick={onRetry} style={{ flex: "none" }}>
            {t("homeCards.stale.retry")}
          </Button>
        )}
      </Group>
    </Alert>
  );
}

/** A child the school has not placed in a class yet: what will appear, and when. */
function NoClassNote({ home }: { home: HomeData }) {
  const { t } = useTranslation("parent");
  return (
    <Alert variant="light" color="blue" icon={<IconSchool size={18} />} title={t("homeCards.noClass.title")} data-testid="home-no-class">
      <Trans t={t} i18nKey="homeCards.noClass.text" values={{ name: home.student.name }} components={{ name: <bdi /> }} />
    </Alert>
  );
}

/** The chosen child's day at a glance, then the week, then the latest of everything else. */
const ChildCards = memo(function ChildCards({ home }: { home: HomeData }) {
  const hasClass = home.enrolledClass !== null;
  return (
    <Stack gap="sm" className={classes.cards}>
      {hasClass ? <ChildTodayCard home={home} /> : <NoClassNote home={home} />}
      {hasClass && <TasksCard home={home} />}
      <NextLessonCard home={home} />
      <HifzCard home={home} />
      <FeeCard home={home} />
      <ResultCard home={home} />
      <NotificationsCard today={home.today} />
      {hasClass && <WeekCharts home={home} />}
      <MaterialsCard home={home} />
    </Stack>
  );
});

/**
 * The chosen child's home: GET /user/api/home?student=, or what this phone kept of it when the
 * network is down or the call fails (with its time), a skeleton while the first reply comes, and
 * the failure with a retry when nothing was kept.
 */
export function ChildHome({ studentId }: { studentId: number }) {
  const { t } = useTranslation("parent");
  const errorText = useErrorText();
  const home = useHome(studentId);
  const drawnOnServer = useDrawnOnServer();
  // The cards are drawn in the background, in slices the phone can interrupt (a tap is answered at
  // once): the reply arrives in one synchronous update, and drawing every card inside it was one
  // long pause on a slow phone.
  const data = useDeferredValue(home.data);
  if (!data) {
    if (home.failed && !home.loading) return <FailureState reason={home.error ? errorText(home.error) : t("homeCards.stale.offline")} onRetry={home.retry} />;
    return <HomeSkeleton label={t("homeCards.loading")} />;
  }
  return (
    <Stack gap="sm" data-testid="child-home" data-student={data.student.id}>
      {home.stale && <StaleNote asOf={data.asOf} loading={home.loading} failed={home.failed} onRetry={home.retry} />}
      {drawnOnServer && (
        // Shown only when the service worker opens its kept copy of this page with no signal
        // (vite.config.ts marks it, app.css shows it): the day as it was, and when.
        <div data-kept-note hidden>
          <StaleNote asOf={data.asOf} loading={false} failed onRetry={home.retry} />
        </div>
      )}
      <ChildCards home={data} />
    </Stack>
  );
}
