import { Alert, Button, Group, Modal, Stack, Text, TextInput } from "@mantine/core";
import { useClipboard, useMediaQuery } from "@mantine/hooks";
import { IconCheck, IconCopy, IconExternalLink } from "@tabler/icons-react";
import { enrolmentRecord } from "@taleem/contract";
import { useEffect, useRef } from "react";
import { useTranslation } from "react-i18next";
import { iso } from "../../lib/isolate";
import { usePublicAddress } from "../../lib/public-address";
import { useActionQuery } from "../../lib/use-action";
import { useErrorText } from "../api-error";
import { FailureState, LoadingState } from "../list-states";

/** The enrolment a link is asked for. */
export interface LinkTarget {
  id: number;
  studentName: string;
}

/**
 * The public verification link of one enrolment, to copy and send to a parent or another school.
 * The link is shown as text as well: where the browser refuses the clipboard (a plain-http
 * address), it can still be selected and copied by hand.
 */
export function VerificationLinkDialog({ target, onClose }: { target: LinkTarget | null; onClose: () => void }) {
  const { t } = useTranslation(["academics", "admin"]);
  const errorText = useErrorText();
  const phone = useMediaQuery("(max-width: 30em)");
  const publicAddress = usePublicAddress();
  const clipboard = useClipboard({ timeout: 2500 });
  const record = useActionQuery(enrolmentRecord, { params: { id: target?.id ?? 0 } }, { enabled: !!target });
  // Mantine's reset is a new function each render: the effect runs when the enrolment changes only.
  const reset = useRef(clipboard.reset);
  reset.current = clipboard.reset;
  useEffect(() => {
    if (target) reset.current();
  }, [target]);
  const url = record.data ? publicAddress(record.data.data.verifyPage) : "";

  return (
    <Modal
      opened={!!target}
      onClose={onClose}
      title={t("academics:enrolments.link.title", { name: iso(target?.studentName) })}
      centered
      fullScreen={phone}
      size="lg"
    >
      {record.isPending ? (
        <LoadingState text={t("academics:enrolments.link.loading")} />
      ) : record.isError ? (
        <FailureState reason={errorText(record.error)} onRetry={() => void record.refetch()} />
      ) : (
        <Stack gap="md">
          <Text size="sm">{t("academics:enrolments.link.text", { name: iso(record.data.data.studentName), school: iso(record.data.data.school) })}</Text>
          <TextInput
            label={t("academics:enrolments.link.label")}
            value={url}
            readOnly
            dir="ltr"
            onFocus={(e) => e.currentTarget.select()}
            data-testid="verification-link"
          />
          {clipboard.error && (
            <Alert color="yellow" role="alert">
              {t("academics:enrolments.link.copyBlocked")}
            </Alert>
          )}
          <Group justify="flex-end" gap="sm">
            <Button variant="default" component="a" href={url} target="_blank" rel="noopener noreferrer" leftSection={<IconExternalLink size={16} />}>
              {t("academics:enrolments.link.open")}
            </Button>
            <Button
              color={clipboard.copied ? "teal" : undefined}
              leftSection={clipboard.copied ? <IconCheck size={16} /> : <IconCopy size={16} />}
              onClick={() => clipboard.copy(url)}
              aria-live="polite"
            >
              {clipboard.copied ? t("academics:enrolments.link.copied") : t("academics:enrolments.link.copy")}
            </Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}
