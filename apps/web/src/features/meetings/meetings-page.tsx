import { IconMessageCircleQuestion } from "@tabler/icons-react";
import { type MeetingRow, meetingResource } from "@taleem/contract";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { formatTimeRange } from "../../lib/time-text";
import { ResourceList } from "../../ui/resource";
import { timeField } from "../../ui/time-field";
import { MeetingRepliesDialog } from "./meeting-replies-dialog";

/** Parent-teacher meetings: the generic list and form, and each meeting's invited families and their answers. */
export function MeetingsPage() {
  const { t } = useTranslation("meetings");
  const [replies, setReplies] = useState<number | null>(null);
  return (
    <>
      <ResourceList<MeetingRow>
        definition={meetingResource}
        description={t("meetings.description")}
        rowLabel={(m) => m.title}
        cells={{ startTime: (m) => formatTimeRange(m.startTime, m.endTime), replied: (m) => `${m.replied} / ${m.invited}` }}
        form={{ fieldOptions: { startTime: timeField, endTime: timeField } }}
        rowActions={[{ key: "replies", label: t("replies.open"), icon: <IconMessageCircleQuestion size={16} />, onClick: (m) => setReplies(m.id) }]}
      />
      <MeetingRepliesDialog id={replies} onClose={() => setReplies(null)} />
    </>
  );
}
