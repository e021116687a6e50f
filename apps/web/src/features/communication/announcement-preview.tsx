import { Paper, Tabs, Text } from "@mantine/core";
import { type AnnouncementTexts, LANGUAGES, type Language, RTL_LANGUAGES } from "@taleem/contract";
import { useTranslation } from "react-i18next";
import { LANGUAGE_NAMES } from "../../lib/i18n";
import { NotificationItem } from "./notification-item";

const PREVIEW_TIME = new Date().toISOString();

/**
 * What each recipient will see, language by language: the text in their language when there is
 * one, else the main text, in the language's own direction.
 */
export function AnnouncementPreview({ title, body, texts }: { title: string; body: string; texts: AnnouncementTexts }) {
  const { t } = useTranslation("announcements");
  const shown = (lang: Language) => texts[lang] ?? { title, body };
  return (
    <Tabs defaultValue="en" variant="pills" keepMounted={false}>
      <Tabs.List mb="xs" style={{ flexWrap: "wrap" }}>
        {LANGUAGES.map((lang) => (
          <Tabs.Tab key={lang} value={lang} lang={lang}>
            {LANGUAGE_NAMES[lang]}
          </Tabs.Tab>
        ))}
      </Tabs.List>
      {LANGUAGES.map((lang) => (
        <Tabs.Panel key={lang} value={lang}>
          <Paper withBorder p={4} radius="md" dir={(RTL_LANGUAGES as readonly string[]).includes(lang) ? "rtl" : "ltr"} lang={lang}>
            <NotificationItem
              item={{ id: 0, kind: "announcement", ...shown(lang), studentId: null, studentName: null, link: null, readAt: null, createdAt: PREVIEW_TIME }}
              onOpen={() => undefined}
              expanded
            />
          </Paper>
          {!texts[lang] && (
            <Text size="xs" c="dimmed" mt={4}>
              {t("composer.previewFallback")}
            </Text>
          )}
        </Tabs.Panel>
      ))}
    </Tabs>
  );
}
