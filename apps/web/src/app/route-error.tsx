import { Button, Center, Stack, Text, Title } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { isRouteErrorResponse, Navigate, useRouteError } from "react-router";
import { ApiError } from "../lib/api";
import { errorText } from "../lib/error-text";
import { isChunkError } from "./chunks";
import { NotFoundPage } from "./not-found";

/**
 * What a route shows when it fails: a part of the app that did not load (with Retry), a page the
 * person may not open (to the reply's redirect, still signed in), a lost session (to sign-in).
 */
export function RouteError() {
  const error = useRouteError();
  const { t } = useTranslation();

  if (error instanceof ApiError && error.status === 403 && error.redirect) return <Navigate to={error.redirect} replace />;
  if (error instanceof ApiError && error.status === 401) return <Navigate to={error.redirect ?? "/auth/sign-in"} replace />;
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFoundPage />;

  const chunk = isChunkError(error);
  if (!chunk) console.error(error);
  return (
    <Center mih="60vh" p="md">
      <Stack align="center" gap="sm" maw={440} ta="center" role="alert">
        <Title order={1} size="h3">
          {chunk ? t("chunkError.title") : t("pageError.title")}
        </Title>
        <Text c="dimmed">{chunk ? t("chunkError.body") : error instanceof ApiError ? errorText(error) : t("pageError.body")}</Text>
        <Button onClick={() => window.location.reload()} data-testid="retry">
          {t("retry")}
        </Button>
      </Stack>
    </Center>
  );
}
