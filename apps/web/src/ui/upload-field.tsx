import { Anchor, Avatar, Button, FileButton, Group, Input, Progress, Stack, Text } from "@mantine/core";
import { useMediaQuery } from "@mantine/hooks";
import { IconCamera, IconFile, IconMusic, IconPhoto, IconTrash } from "@tabler/icons-react";
import { UPLOAD_KINDS, type UploadKind, type UploadModule } from "@taleem/contract";
import { useEffect, useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { isProblem, megabytes, pickFile } from "../lib/form-files";
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
  /** What it takes: a picture (the camera offered on a phone), a picture or a PDF, or a recording. */
  kind?: UploadKind;
}

/** The picker's types and texts by kind. */
const KIND_UI = {
  image: { accept: "image/jpeg,image/png,image/webp", icon: IconPhoto, choose: "choose", replace: "replace", rule: "rule" },
  document: {
    accept: "image/jpeg,image/png,image/webp,application/pdf,.pdf",
    icon: IconFile,
    choose: "chooseFile",
    replace: "replaceFile",
    rule: "ruleDocument",
  },
  audio: {
    accept: "audio/mpeg,audio/mp4,audio/x-m4a,audio/aac,audio/ogg,.mp3,.m4a,.aac,.ogg,.opus",
    icon: IconMusic,
    choose: "chooseAudio",
    replace: "replaceAudio",
    rule: "ruleAudio",
  },
} as const;

/**
 * A file field: choose a picture (or take one with a phone's camera) and see it; choose a PDF and
 * open it; choose a recording and listen to it before saving; replace or remove it. The file is
 * checked here (its first bytes and size) before it is sent, uploaded at once with its progress
 * shown, and the field holds the stored path the record saves.
 */
export function UploadField({ label, description, error, required, disabled, value, onChange, module, name, kind = "image" }: UploadFieldProps) {
  const { t } = useTranslation(["common", "forms"]);
  const errorText = useErrorText();
  const id = useId();
  // A camera is offered where one is at hand: a touch screen.
  const touch = useMediaQuery("(pointer: coarse)");
  const [progress, setProgress] = useState<number | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  // The picked picture, shown while it is sent (the stored one needs the upload first).
  const [local, setLocal] = useState<string | null>(null);
  const [picked, setPicked] = useState<string | null>(null);
  useEffect(() => () => void (local && URL.revokeObjectURL(local)), [local]);
  const ui = KIND_UI[kind];
  const rule = UPLOAD_KINDS[kind];

  async function take(file: File | null) {
    if (!file) return;
    setProblem(null);
    const chosen = await pickFile(kind === "image" ? await shrinkPhoto(file) : file, rule.types, rule.maxBytes);
    if (isProblem(chosen)) return setProblem(t(`forms:apply.errors.${chosen.key}`, chosen.params));
    setLocal(URL.createObjectURL(chosen.file));
    setPicked(chosen.name);
    setProgress(0);
    try {
      const stored = await sendUpload({ name: chosen.name, data: chosen.data, module }, setProgress);
      onChange(stored.path);
    } catch (e) {
      setLocal(null);
      setPicked(null);
      setProblem(errorText(e));
    } finally {
      setProgress(null);
    }
  }

  const busy = progress !== null;
  const shown = local ?? (value || null);
  const message = problem ?? error;
  const button = (capture: boolean) => (
    <FileButton onChange={(f) => void take(f)} accept={ui.accept} capture={capture ? "environment" : undefined} disabled={disabled || busy}>
      {(props) => (
        <Button
          {...props}
          variant="default"
          size="xs"
          leftSection={capture ? <IconCamera size={16} aria-hidden /> : <ui.icon size={16} aria-hidden />}
          aria-describedby={`${id}-label`}
        >
          {capture ? t("common:upload.camera") : t(`common:upload.${value ? ui.replace : ui.choose}`)}
        </Button>
      )}
    </FileButton>
  );
  return (
    <Input.Wrapper label={label} labelProps={{ id: `${id}-label` }} description={description} error={message} withAsterisk={required}>
      <Group gap="sm" mt={4} wrap="nowrap" align="center" data-upload-field={name}>
        {kind === "image" && (
          <Avatar src={shown} size={64} radius="md" alt={shown ? t("common:upload.preview", { label }) : ""}>
            <IconPhoto size={24} aria-hidden />
          </Avatar>
        )}
        <Stack gap={6} style={{ flex: 1, minWidth: 0 }}>
          <Group gap="xs">
            {button(false)}
            {touch && kind === "image" && button(true)}
            {value && !busy && (
              <Button
                variant="subtle"
                color="red"
                size="xs"
                leftSection={<IconTrash size={16} aria-hidden />}
                disabled={disabled}
                onClick={() => {
                  setLocal(null);
                  setPicked(null);
                  onChange("");
                }}
              >
                {t("common:upload.remove")}
              </Button>
            )}
          </Group>
          {kind !== "image" && shown && !busy && <FilePreview kind={kind} src={shown} name={picked} label={label} />}
          {busy ? (
            <Progress value={Math.round(progress * 100)} size="sm" animated aria-label={t("common:upload.sending", { percent: Math.round(progress * 100) })} />
          ) : (
            <Text size="xs" c="dimmed">
              {t(`common:upload.${ui.rule}`, { size: megabytes(rule.maxBytes) })}
            </Text>
          )}
        </Stack>
      </Group>
    </Input.Wrapper>
  );
}

/** A chosen document to open, or a recording to hear, before the record is saved. */
function FilePreview({ kind, src, name, label }: { kind: UploadKind; src: string; name: string | null; label: string }) {
  const { t } = useTranslation("common");
  if (kind === "audio") {
    // biome-ignore lint/a11y/useMediaCaption: a recitation has no captions; the record's title says what it is.
    return <audio controls preload="metadata" src={src} aria-label={t("upload.listen", { label })} style={{ inlineSize: "100%", maxInlineSize: 360 }} />;
  }
  return (
    <Anchor href={src} target="_blank" rel="noopener" size="sm" style={{ overflowWrap: "anywhere" }}>
      {t("upload.open", { name: name ? `\u2068${name}\u2069` : t("upload.stored") })}
    </Anchor>
  );
}
