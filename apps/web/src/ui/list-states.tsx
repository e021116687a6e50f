import { Alert, Button, EmptyState, Group, Loader, Stack, Text } from "@mantine/core";
import { IconAlertTriangle, IconInbox, IconPlus, IconRefresh } from "@tabler/icons-react";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";

/** 'Fetching users. Please wait a moment...' with a spinner. */
export function LoadingState({ text }: { text: string }) {
  return (
    <Group justify="center" gap="sm" py="xl" role="status" aria-live="polite">
      <Loader size="sm" />
      <Text c="dimmed">{text}</Text>
    </Group>
  );
}

/** 'Failed to fetch data...' with the reason and a way to try again. */
export function FailureState({ reason, onRetry }: { reason?: string; onRetry: () => void }) {
  const { t } = useTranslation("admin");
  return (
    <Alert color="red" variant="light" icon={<IconAlertTriangle size={18} />} title={t("list.fetchFailed")} role="alert">
      <Stack gap="xs" align="flex-start">
        {reason && <Text size="sm">{reason}</Text>}
        <Button size="xs" variant="white" color="red" leftSection={<IconRefresh size={14} />} onClick={onRetry}>
          {t("actions.retry")}
        </Button>
      </Stack>
    </Alert>
  );
}

/** Nothing to show: says why, and offers the next step (add the first one, or clear the filters). */
export function EmptyList({
  title,
  description,
  addLabel,
  onAdd,
  extra,
  icon,
}: {
  title: string;
  description?: string;
  addLabel?: string;
  onAdd?: () => void;
  extra?: ReactNode;
  icon?: ReactNode;
}) {
  return (
    <EmptyState py="xl" variant="light" icon={icon ?? <IconInbox size={32} stroke={1.5} />} title={title} description={description}>
      {(onAdd || extra) && (
        <EmptyState.Actions>
          {onAdd && (
            <Button leftSection={<IconPlus size={16} />} onClick={onAdd}>
              {addLabel}
            </Button>
          )}
          {extra}
        </EmptyState.Actions>
      )}
    </EmptyState>
  );
}
