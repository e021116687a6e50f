import { Badge, Group, Text } from "@mantine/core";
import { IconEye } from "@tabler/icons-react";
import { type DocumentTemplateRow, documentTemplateResource } from "@taleem/contract";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { ResourceList } from "../../../ui/resource";
import { TemplateBodyField } from "./template-body-field";
import { TemplatePreviewDialog } from "./template-preview-dialog";

/** Letter texts for e-mail, SMS, WhatsApp and print, with named placeholders, previewed from a real application. */
export function TemplatesPage() {
  const { t } = useTranslation(["forms", "admin"]);
  const [previewing, setPreviewing] = useState<DocumentTemplateRow | null>(null);
  return (
    <>
      <ResourceList<DocumentTemplateRow>
        definition={documentTemplateResource}
        description={t("forms:templates.description")}
        cells={{
          name: (r) => (
            <Group gap="xs" wrap="nowrap">
              <Text size="sm" fw={500}>
                <bdi>{r.name}</bdi>
              </Text>
              {r.builtin && (
                <Badge size="xs" variant="outline" color="gray" tt="none">
                  {t("forms:templates.builtin")}
                </Badge>
              )}
            </Group>
          ),
          language: (r) => t(`admin:options.language.${r.language}`),
        }}
        rowActions={[{ key: "preview", label: t("forms:templates.preview"), icon: <IconEye size={16} />, onClick: setPreviewing }]}
        canDelete={(r) => !r.builtin}
        form={{
          fieldOptions: (row) => ({
            // A standard letter is chosen by channel, purpose and language: those stay as they are.
            channel: { disabled: !!row?.builtin },
            purpose: { disabled: !!row?.builtin },
            language: { disabled: !!row?.builtin },
            subject: { description: t("forms:templates.subjectHint") },
            providerTemplate: { description: t("forms:templates.providerHint") },
            body: { render: (input) => <TemplateBodyField {...input} /> },
          }),
        }}
      />
      <TemplatePreviewDialog template={previewing} onClose={() => setPreviewing(null)} />
    </>
  );
}
