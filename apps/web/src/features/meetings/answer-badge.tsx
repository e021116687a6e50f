import { Badge } from "@mantine/core";
import type { MeetingAnswer } from "@taleem/contract";
import { useTranslation } from "react-i18next";

const COLOR: Record<MeetingAnswer, string> = { coming: "teal", not_coming: "red.9", another_time: "yellow.4" };

/** A family's answer to a meeting, or that it has not answered. */
export function AnswerBadge({ answer }: { answer: MeetingAnswer | null }) {
  const { t } = useTranslation("meetings");
  if (!answer)
    return (
      <Badge variant="outline" color="gray" style={{ flexShrink: 0 }}>
        {t("answer.none")}
      </Badge>
    );
  return (
    <Badge color={COLOR[answer]} autoContrast style={{ flexShrink: 0 }}>
      {t(`answer.${answer}`)}
    </Badge>
  );
}
