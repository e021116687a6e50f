import { Anchor, Group } from "@mantine/core";
import { IconExternalLink, IconFileText } from "@tabler/icons-react";
import type { MaterialRow } from "@taleem/contract";
import { useTranslation } from "react-i18next";
import { buildUrl } from "../../lib/api";

/**
 * What a material holds, ready to use: a recording to play, a document to open, a link to follow.
 * `file` is where the reader may fetch its file (the office: the upload itself; a family: through the material).
 */
export function MaterialContent({ material, file }: { material: MaterialRow; file: string }) {
  const { t } = useTranslation("materials");
  if (material.link) {
    return (
      <Anchor href={material.link} target="_blank" rel="noopener noreferrer" size="sm">
        <Group gap={4} wrap="nowrap">
          <IconExternalLink size={16} aria-hidden />
          {t("content.follow")}
        </Group>
      </Anchor>
    );
  }
  if (material.recording) {
    // biome-ignore lint/a11y/useMediaCaption: a recitation has no captions; its title says what it is.
    return <audio controls preload="none" src={buildUrl(file)} aria-label={t("content.listen", { title: material.title })} style={{ inlineSize: "100%" }} />;
  }
  return (
    <Anchor href={buildUrl(file)} target="_blank" rel="noopener" size="sm">
      <Group gap={4} wrap="nowrap">
        <IconFileText size={16} aria-hidden />
        {t("content.open")}
      </Group>
    </Anchor>
  );
}

export const STATUS_COLOR = { pending: "yellow", approved: "teal", rejected: "red" } as const;
