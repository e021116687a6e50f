import { Center, Loader } from "@mantine/core";
import { useTranslation } from "react-i18next";

/** The small spinner while an area or a page's texts load. */
export function AreaSpinner() {
  const { t } = useTranslation("common", { useSuspense: false });
  return (
    <Center mih="50vh" role="status" aria-live="polite">
      <Loader size="sm" aria-label={t("loading")} />
    </Center>
  );
}
