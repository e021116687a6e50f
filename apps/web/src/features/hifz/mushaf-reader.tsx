import { ActionIcon, Group, Stack, Text } from "@mantine/core";
import { IconChevronLeft, IconChevronRight } from "@tabler/icons-react";
import { useRef } from "react";
import { useTranslation } from "react-i18next";
import { MushafPage, type MushafPageProps } from "./mushaf-page";

interface MushafReaderProps extends MushafPageProps {
  pageCount: number;
  onPage: (pageNumber: number) => void;
}

/**
 * A mushaf page with its page turning: the arrows and a swipe. A mushaf opens from the right, so
 * the next page is on the left, whatever the interface's direction.
 */
export function MushafReader({ pageCount, onPage, ...page }: MushafReaderProps) {
  const { t, i18n } = useTranslation("quran");
  const { pageNumber } = page;
  const go = (n: number) => n >= 1 && n <= pageCount && onPage(n);
  const touch = useRef<number | null>(null);
  return (
    <Stack gap="xs">
      {/* The mushaf's own direction: its next page lies to the left. */}
      <Group justify="space-between" dir="rtl" wrap="nowrap">
        <ActionIcon variant="light" size="lg" aria-label={t("page.previous")} disabled={pageNumber <= 1} onClick={() => go(pageNumber - 1)}>
          <IconChevronRight />
        </ActionIcon>
        {/* The words in the reader's own direction: "604ൽ പേജ് 594" read right to left put 604 last. */}
        <Text size="sm" c="dimmed" dir={i18n.dir()}>
          {t("page.of", { page: pageNumber, count: pageCount })}
        </Text>
        <ActionIcon variant="light" size="lg" aria-label={t("page.next")} disabled={pageNumber >= pageCount} onClick={() => go(pageNumber + 1)}>
          <IconChevronLeft />
        </ActionIcon>
      </Group>
      <div
        onTouchStart={(e) => {
          touch.current = e.touches[0]?.clientX ?? null;
        }}
        onTouchEnd={(e) => {
          const start = touch.current;
          const end = e.changedTouches[0]?.clientX;
          touch.current = null;
          if (start === null || end === undefined || Math.abs(end - start) < 60) return;
          // Swiping the page to the right brings the next one in from the left.
          go(end > start ? pageNumber + 1 : pageNumber - 1);
        }}
      >
        <MushafPage {...page} />
      </div>
    </Stack>
  );
}
