import { ActionIcon, CloseButton, FileButton, Group, Text, Textarea, Tooltip } from "@mantine/core";
import { IconPaperclip, IconSend } from "@tabler/icons-react";
import { type FileUpload, UPLOAD_LIMITS } from "@taleem/contract";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { readDataUrl } from "../../../lib/read-file";
import mirror from "../../../ui/mirror.module.css";
import { shrinkPhoto } from "../../../ui/upload-send";

const ACCEPT = "image/jpeg,image/png,image/webp,application/pdf";

/** Writing a message: Enter sends, Shift+Enter breaks the line; a file goes only while online. */
export function Composer({
  connected,
  disabled,
  onSend,
  onTyping,
}: {
  connected: boolean;
  disabled: boolean;
  onSend: (content: string, attachment?: FileUpload) => void;
  onTyping: () => void;
}) {
  const { t } = useTranslation("chat");
  const [text, setText] = useState("");
  const [file, setFile] = useState<File | null>(null);

  const submit = async () => {
    const content = text.trim();
    if (disabled || (!content && !file)) return;
    const attachment = file && connected ? { name: file.name, data: await readDataUrl(await shrinkPhoto(file)) } : undefined;
    setText("");
    setFile(null);
    onSend(content, attachment);
  };

  return (
    <form
      onSubmit={(e) => {
        e.preventDefault();
        void submit();
      }}
    >
      {file && (
        <Group gap={4} mb={4}>
          <Text size="xs" dir="auto">
            {file.name}
          </Text>
          <CloseButton size="sm" aria-label={t("removeAttachment")} onClick={() => setFile(null)} />
        </Group>
      )}
      <Group gap="xs" wrap="nowrap" align="flex-end">
        <FileButton onChange={(f) => setFile(f && f.size <= UPLOAD_LIMITS.fileBytes ? f : null)} accept={ACCEPT} disabled={disabled || !connected}>
          {(props) => (
            <Tooltip label={connected ? t("attach") : t("attachOffline")}>
              <ActionIcon {...props} variant="subtle" size="lg" aria-label={t("attach")}>
                <IconPaperclip size={20} aria-hidden />
              </ActionIcon>
            </Tooltip>
          )}
        </FileButton>
        <Textarea
          flex={1}
          autosize
          minRows={1}
          maxRows={5}
          maxLength={4000}
          dir="auto"
          value={text}
          disabled={disabled}
          placeholder={t("placeholder")}
          aria-label={t("placeholder")}
          onChange={(e) => {
            setText(e.currentTarget.value);
            onTyping();
          }}
          onKeyDown={(e) => {
            if (e.key === "Enter" && !e.shiftKey && !e.nativeEvent.isComposing) {
              e.preventDefault();
              void submit();
            }
          }}
        />
        <ActionIcon type="submit" size="lg" aria-label={t("send")} disabled={disabled || (!text.trim() && !file)}>
          <IconSend size={18} aria-hidden className={mirror.mirror} />
        </ActionIcon>
      </Group>
    </form>
  );
}
