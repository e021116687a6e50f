import { ActionIcon, Group, NumberInput, Select, Stack, Text, Title } from "@mantine/core";
import { IconChevronLeft, IconChevronRight } from "@tabler/icons-react";
import { SURAHS } from "@taleem/contract";
import { useRef } from "react";
import { useTranslation } from "react-i18next";
import { useSearchParams } from "react-router";
import { MushafPage } from "./mushaf-page";
import { useLayoutMetadata } from "./use-quran";

const DEFAULT_LAYOUT = "madani-604";

/**
 * The mushaf to read: jump to a surah or a page, turn pages with the arrows or a swipe. A mushaf
 * opens from the right, so the next page is on the left, whatever the interface's direction.
 */
export function MushafScreen() {
  const { t } = useTranslation("quran");
  const [search, setSearch] = useSearchParams();
  const layoutName = search.get("layout") ?? DEFAULT_LAYOUT;
  const meta = useLayoutMetadata(layoutName);
  const pageCount = meta.data?.layout.pageCount ?? 1;
  const pageNumber = Math.min(Math.max(1, Number(search.get("page")) || 1), pageCount);
  const go = (n: number) => {
    if (n < 1 || n > pageCount) return;
    setSearch((s) => {
      s.set("page", String(n));
      return s;
    });
  };
  const touch = useRef<number | null>(null);
  // The last surah that begins on or before this page is the one being read.
  const surahHere = meta.data ? SURAHS.filter((s) => meta.data.surahPages[s.number]! <= pageNumber).length : 0;

  return (
    <Stack gap="sm">
      <Title order={2}>{t("title")}</Title>
      <Group gap="xs" align="flex-end" wrap="wrap">
        <Select
          label={t("surah")}
          searchable
          w={240}
          data={SURAHS.map((s) => ({ value: String(s.number), label: `${s.number}. ${s.nameEnglish} · ${s.nameArabic}` }))}
          value={surahHere > 0 ? String(surahHere) : null}
          onChange={(v) => v && meta.data && go(meta.data.surahPages[Number(v)]!)}
        />
        <NumberInput label={t("page.number")} w={110} min={1} max={pageCount} value={pageNumber} onChange={(v) => typeof v === "number" && go(v)} />
      </Group>
      {/* The mushaf's own direction: its next page lies to the left. */}
      <Group justify="space-between" dir="rtl" wrap="nowrap">
        <ActionIcon variant="light" size="lg" aria-label={t("page.previous")} disabled={pageNumber <= 1} onClick={() => go(pageNumber - 1)}>
          <IconChevronRight />
        </ActionIcon>
        <Text size="sm" c="dimmed">
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
        <MushafPage layoutName={layoutName} pageNumber={pageNumber} />
      </div>
      {meta.data && (
        <Text size="xs" c="dimmed">
          {meta.data.attribution}
        </Text>
      )}
    </Stack>
  );
}
