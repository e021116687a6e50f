import { Alert, Progress, ScrollArea, SimpleGrid, Stack, Table, Text } from "@mantine/core";
import { IconAlertTriangle, IconCircleCheck } from "@tabler/icons-react";
import type { ImportProblem } from "@taleem/contract";
import { useTranslation } from "react-i18next";
import { ApiError, isApiError } from "../lib/api";
import { formatNumber } from "../lib/format";
import type { useJobProgress } from "../lib/use-job-progress";
import { useErrorText } from "./api-error";

type JobFollow = ReturnType<typeof useJobProgress>;

/**
 * Where an import stands, from its call and the job that writes it: refused (every bad cell, from
 * a 400 `import.invalid` or a job that failed with one), writing (done of total), or done (its
 * result's counts).
 */
export function importState(call: { error: unknown; isPending: boolean }, job: JobFollow) {
  const { progress, running, lost } = job;
  // A job's error is a refused call's reply, as the call would have thrown it (code, words, rows).
  const jobError = progress?.error ? new ApiError(400, progress.error.message, progress.error.code, progress.error.params) : null;
  const failure = call.error ?? lost ?? jobError;
  const params = isApiError(failure) ? failure.params : undefined;
  return {
    failure,
    problems: Array.isArray(params?.problems) ? (params.problems as ImportProblem[]) : [],
    result: progress?.state === "done" ? (progress.result as Record<string, number>) : null,
    busy: call.isPending || running,
    running,
    done: progress?.done ?? 0,
  };
}

export type ImportState = ReturnType<typeof importState>;

/**
 * The bar while the job writes, the counts when it is done, and every problem of a refused file
 * by row and column. `texts` is the import's own key prefix ("students:import"): it holds
 * progressLabel, progress, saving, done, failed, problems, problemsLabel, row, column, problem
 * and `counts.<key>` for each count shown.
 */
export function ImportOutcome({
  state,
  total,
  texts,
  counts,
  column,
  note,
}: {
  state: ImportState;
  total: number;
  texts: string;
  counts: readonly string[];
  column: (key: string) => string;
  note?: string;
}) {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const { failure, problems, result, running, done } = state;
  return (
    <>
      {running && total > 0 && (
        <Stack gap={4}>
          {/* Until the first rows are saved (on the embedded database the first answer waits for
              the whole write), the bar says only that work goes on, not how far. */}
          <Progress value={done ? (done / total) * 100 : 100} size="lg" animated color={done ? undefined : "gray"} aria-label={t(`${texts}.progressLabel`)} />
          <Text size="sm" c="dimmed" aria-live="polite">
            {done ? t(`${texts}.progress`, { done: formatNumber(done), total: formatNumber(total) }) : t(`${texts}.saving`, { total: formatNumber(total) })}
          </Text>
          {note && (
            <Text size="xs" c="dimmed">
              {note}
            </Text>
          )}
        </Stack>
      )}
      {result && (
        <Alert color="teal" icon={<IconCircleCheck size={18} />} title={t(`${texts}.done`)}>
          <SimpleGrid cols={{ base: 2, sm: counts.length }} mt="sm">
            {counts.map((k) => (
              <Stack key={k} gap={0} align="center">
                <Text fz="xl" fw={700}>
                  {formatNumber(result[k] ?? 0)}
                </Text>
                <Text size="sm" c="dimmed" ta="center">
                  {t(`${texts}.counts.${k}`)}
                </Text>
              </Stack>
            ))}
          </SimpleGrid>
        </Alert>
      )}
      {failure && (
        <Alert color="red" icon={<IconAlertTriangle size={18} />} title={t(`${texts}.failed`)} role="alert">
          {problems.length ? t(`${texts}.problems`, { n: formatNumber(problems.length) }) : errorText(failure)}
        </Alert>
      )}
      {problems.length > 0 && (
        <ScrollArea.Autosize mah={360}>
          <Table striped withTableBorder stickyHeader aria-label={t(`${texts}.problemsLabel`)}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t(`${texts}.row`)}</Table.Th>
                <Table.Th>{t(`${texts}.column`)}</Table.Th>
                <Table.Th>{t(`${texts}.problem`)}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {problems.map((p) => (
                <Table.Tr key={`${p.row}:${p.column}:${p.message}`}>
                  <Table.Td>{formatNumber(p.row)}</Table.Td>
                  <Table.Td>{p.column ? column(p.column) : "—"}</Table.Td>
                  <Table.Td>
                    {/* The server's words (English): an isolated run, aligned like the table. */}
                    <Text size="sm">
                      <bdi>{p.message}</bdi>
                    </Text>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </ScrollArea.Autosize>
      )}
    </>
  );
}
