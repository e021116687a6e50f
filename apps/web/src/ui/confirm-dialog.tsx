import { Button, Group, Modal, Stack, Text } from "@mantine/core";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";

export interface ConfirmDialogProps {
  opened: boolean;
  title: string;
  children: ReactNode;
  confirmLabel: string;
  /** The button that steps back ("Cancel" unless given). */
  cancelLabel?: string;
  danger?: boolean;
  loading?: boolean;
  confirmDisabled?: boolean;
  /** The focus starts on the step back, so a second Enter does not confirm what the dialog asks about. */
  focusCancel?: boolean;
  onConfirm: () => void;
  onClose: () => void;
}

/** Asks before something that cannot be undone; the confirm button names the action. */
export function ConfirmDialog({
  opened,
  title,
  children,
  confirmLabel,
  cancelLabel,
  danger,
  loading,
  confirmDisabled,
  focusCancel,
  onConfirm,
  onClose,
}: ConfirmDialogProps) {
  const { t } = useTranslation("admin");
  return (
    <Modal closeButtonProps={{ "aria-label": t("actions.close") }} opened={opened} onClose={onClose} title={title} centered>
      <Stack gap="md">
        {typeof children === "string" ? <Text size="sm">{children}</Text> : children}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose} disabled={loading} data-autofocus={focusCancel || undefined}>
            {cancelLabel ?? t("actions.cancel")}
          </Button>
          <Button
            color={danger ? "red" : undefined}
            onClick={onConfirm}
            loading={loading}
            disabled={confirmDisabled}
            data-autofocus={!focusCancel || undefined}
          >
            {confirmLabel}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
