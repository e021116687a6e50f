import { Anchor, Group, NumberInput, Select, Stack, Text, Title } from "@mantine/core";
import { SURAHS } from "@taleem/contract";
import { useTranslation } from "react-i18next";
import { Link, useSearchParams } from "react-router";
import { MushafReader } from "./mushaf-reader";
import { useLayoutMetadata } from "./use-quran";

const DEFAULT_LAYOUT = "madani-604";

/**
 * The mushaf to read: jump to a surah or a page, turn pages with the arrows or a swipe.
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
      <MushafReader layoutName={layoutName} pageNumber={pageNumber} pageCount={pageCount} onPage={go} />
      {meta.data && (
        <Text size="xs" c="dimmed">
          <bdi>{meta.data.attribution}</bdi>{" "}
          <Anchor component={Link} to="/open/about" size="xs" underline="always">
            {t("about.link")}
          </Anchor>
        </Text>
      )}
    </Stack>
  );
}
