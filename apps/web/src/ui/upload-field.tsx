import { Avatar, Button, FileButton, Group, Input, Progress, Stack, Text } from "@mantine/core";
import { useMediaQuery } from "@mantine/hooks";
import { IconCamera, IconPhoto, IconTrash } from "@tabler/icons-react";
import { IMAGE_TYPES, UPLOAD_LIMITS, type UploadModule } from "@taleem/contract";
import { useEffect, useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { isProblem, pickFile } from "../areas/open/form-files";
import { useErrorText } from "./api-error";
import { sendUpload, shrinkPhoto } from "./upload-send";

export interface UploadFieldProps {
  label: string;
  description?: string;
  error?: string;
  required?: boolean;
  disabled?: boolean;
  /** The stored file's path, or "" when there is none. */
  value: string;
  onChange: (path: string) => void;
  /** Whose readers may open the file: the record's module, or `public` for a logo anyone sees. */
  module: (typeof UploadModule)["options"][number];
  /** The input's name, for the form's "first wrong field". */
  name?: string;
}

/**
 * An image field: choose a picture, or take one with a phone's camera, see it, replace or
 * remove it. The file is checked here (its first bytes and size) before it is sent, uploaded at
 * once with its progress shown, and the field holds the stored path the record saves.
 */
export function UploadField({ label, description, error, required, disabled, value, onChange, module, name }: UploadFieldProps) {
  const { t } = useTranslation(["common", "forms"]);
  const errorText = useErrorText();
  const id = useId();
  // A camera is offered where one is at hand: a touch screen.
  const touch = useMediaQuery("(pointer: coarse)");
  const [progress, setProgress] = useState<number | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  // The picked picture, shown while it is sent (the stored one needs the upload first).
  const [local, setLocal] = useState<string | null>(null);
  useEffect(() => () => void (local && URL.revokeObjectURL(local)), [local]);

  async function take(file: File | null) {
    if (!file) return;
    setProblem(null);
    const picked = await pickFile(await shrinkPhoto(file), IMAGE_TYPES, UPLOAD_LIMITS.photoBytes);
    if (isProblem(picked)) return setProblem(t(`forms:apply.errors.${picked.key}`, picked.params));
    setLocal(URL.createObjectURL(picked.file));
    setProgress(0);
    try {
      const stored = await sendUpload({ name: picked.name, data: picked.data, module }, setProgress);
      onChange(stored.path);
    } catch (e) {
      setLocal(null);
      setProblem(errorText(e));
    } finally {
      setProgress(null);
    }
  }

  const busy = progress !== null;
  const shown = local ?? (value || null);
  const message = problem ?? error;
  const button = (capture: boolean) => (
    <FileButton
      onChange={(f) => void take(f)}
      accept="image/jpeg,image/png,image/webp"
      capture={capture ? "environment" : undefined}
      disabled={disabled || busy}
    >
      {(props) => (
        <Button
          {...props}
          variant="default"
          size="xs"
          leftSection={capture ? <IconCamera size={16} aria-hidden /> : <IconPhoto size={16} aria-hidden />}
          aria-describedby={`${id}-label`}
        >
          {capture ? t("common:upload.camera") : value ? t("common:upload.replace") : t("common:upload.choose")}
        </Button>
      )}
    </FileButton>
  );
  return (
    <Input.Wrapper label={label} labelProps={{ id: `${id}-label` }} description={description} error={message} withAsterisk={required}>
      <Group gap="sm" mt={4} wrap="nowrap" align="center" data-upload-field={name}>
        <Avatar src={shown} size={64} radius="md" alt={shown ? t("common:upload.preview", { label }) : ""}>
          <IconPhoto size={24} aria-hidden />
        </Avatar>
        <Stack gap={6} style={{ flex: 1, minWidth: 0 }}>
          <Group gap="xs">
            {button(false)}
            {touch && button(true)}
            {value && !busy && (
              <Button
                variant="subtle"
                color="red"
                size="xs"
                leftSection={<IconTrash size={16} aria-hidden />}
                disabled={disabled}
                onClick={() => {
                  setLocal(null);
                  onChange("");
                }}
              >
                {t("common:upload.remove")}
              </Button>
            )}
          </Group>
          {busy ? (
            <Progress value={Math.round(progress * 100)} size="sm" animated aria-label={t("common:upload.sending", { percent: Math.round(progress * 100) })} />
          ) : (
            <Text size="xs" c="dimmed">
              {t("common:upload.rule", { size: `\u2066${UPLOAD_LIMITS.photoBytes / 1024 / 1024} MB\u2069` })}
            </Text>
          )}
        </Stack>
      </Group>
    </Input.Wrapper>
  );
}
