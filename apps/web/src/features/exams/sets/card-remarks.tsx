import { Button, Group, Stack, Text, Textarea } from "@mantine/core";
import { IconDeviceFloppy } from "@tabler/icons-react";
import { type ReportCard, updateRemarks } from "@taleem/contract";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { notify } from "../../../lib/notify";
import { useAction } from "../../../lib/use-action";
import { useErrorText } from "../../../ui/api-error";
import { RemarkBankMenu, withRemark } from "./remarks-panel";

/** One student's report-card remarks, typed or from the remark bank, saved on their own. */
export function CardRemarks({ examsetId, card }: { examsetId: number; card: ReportCard }) {
  const { t } = useTranslation("exams");
  const errorText = useErrorText();
  const save = useAction(updateRemarks);
  const [text, setText] = useState(card.remarks ?? "");
  const changed = text.trim() !== (card.remarks ?? "");
  return (
    <Stack gap="xs">
      <Text fw={600} size="sm">
        {t("remarks.edit")}
      </Text>
      <Group gap="xs" align="flex-start" wrap="nowrap">
        <Textarea
          style={{ flex: 1 }}
          aria-label={t("remarks.of", { name: card.studentName })}
          value={text}
          onChange={(e) => setText(e.currentTarget.value)}
          autosize
          minRows={2}
          maxRows={6}
          maxLength={500}
        />
        <RemarkBankMenu label={t("remarks.addFor", { name: card.studentName })} onPick={(words) => setText((old) => withRemark(old, words))} />
      </Group>
      <Group justify="flex-end">
        <Button
          leftSection={<IconDeviceFloppy size={18} />}
          disabled={!changed}
          loading={save.isPending}
          onClick={() =>
            save.mutate(
              { body: { examsetId, studentId: card.studentId, remarks: text.trim() || null } },
              {
                onSuccess: () => notify.success(t("remarks.savedOne")),
                onError: (e) => notify.error(`${t("remarks.saveFailed")} ${errorText(e)}`),
              },
            )
          }
        >
          {t("remarks.save")}
        </Button>
      </Group>
    </Stack>
  );
}
