import { Button } from "@mantine/core";
import { IconFileTypePdf } from "@tabler/icons-react";
import { actionUrl, examSetReportCard } from "@taleem/contract";
import { useMutation } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { api } from "../../../lib/api";
import { currentLanguage } from "../../../lib/i18n";
import { notify } from "../../../lib/notify";
import { saveFile } from "../../../lib/save-file";
import { useErrorText } from "../../../ui/api-error";

/** The open card as the school prints it, in the page's language, saved under the name the server gives it. */
export function CardPdfButton({ examsetId, studentId }: { examsetId: number; studentId: number }) {
  const { t } = useTranslation("exams");
  const errorText = useErrorText();
  const pdf = useMutation({
    mutationFn: () => api.download(actionUrl(examSetReportCard, { id: examsetId, studentId }), { lang: currentLanguage() }, "report-card.pdf"),
    onSuccess: ({ blob, filename }) => saveFile(blob, filename),
    onError: (e) => notify.error(`${t("files.downloadFailed")} ${errorText(e)}`),
  });
  return (
    <Button
      variant="default"
      leftSection={<IconFileTypePdf size={18} />}
      loading={pdf.isPending}
      onClick={() => pdf.mutate()}
      data-testid="card-pdf"
      style={{ alignSelf: "flex-start" }}
    >
      {t("files.download")}
    </Button>
  );
}
