import type { ResourceDefinition } from "@taleem/contract";
import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { api } from "../../lib/api";
import { refreshAfter } from "../../lib/use-action";
import { useErrorText } from "../api-error";
import { settleToast, startToast } from "../progress-toast";
import { type ListParams, resourceKeys, resourceUrl } from "./resource-keys";
import { useResourceTexts } from "./resource-texts";

export interface ListReply<Row> {
  rows: Row[];
  count: number;
  message: string;
  [extra: string]: unknown;
}

export interface SavedReply<Row> {
  message: string;
  data: Row;
}

/**
 * One page of a resource's list; the previous page stays on screen while the next loads. As the
 * page's own data, a 403 sends the browser where the reply says.
 */
/** How often a list asks again while its rows are still changing on their own (`refreshWhile`). */
const MOVING_LIST_MS = 4000;

export function useResourceList<Row>(
  definition: Pick<ResourceDefinition, "path">,
  params: ListParams,
  enabled = true,
  refreshWhile?: (rows: Row[]) => boolean,
) {
  return useQuery({
    queryKey: resourceKeys(definition.path).list(params),
    queryFn: () => api.get<ListReply<Row>>(resourceUrl(definition.path), params, { page: true }),
    placeholderData: keepPreviousData,
    enabled,
    refetchInterval: (q) => (refreshWhile && q.state.data && refreshWhile(q.state.data.rows) ? MOVING_LIST_MS : false),
  });
}

/** Options for a select that points at another resource (a user's roles, say). */
export function useResourceOptions(path: string | undefined, label: string, enabled = true) {
  const query = useQuery({
    queryKey: resourceKeys(path ?? "").list({ limit: 500, sort: label, purpose: "options" }),
    queryFn: () => api.get<ListReply<Record<string, unknown>>>(resourceUrl(path!), { limit: 500 }),
    enabled: !!path && enabled,
    staleTime: 60_000,
  });
  const data = (query.data?.rows ?? []).map((r) => ({ value: String(r.id), label: String(r[label] ?? r.id) }));
  return { ...query, options: data };
}

type Body = Record<string, unknown>;

/**
 * Add, update and delete with the specification's status texts ('Adding X. Please wait a
 * moment...', 'Failed to add X...'); each success refreshes every list of the resource, the row's
 * detail, and what the declaration says its rows change (`refreshes`, `invalidates`).
 */
export function useResourceMutations<Row extends { id: number }>(definition: Pick<ResourceDefinition, "path" | "i18n" | "refreshes" | "invalidates">) {
  const qc = useQueryClient();
  const keys = resourceKeys(definition.path);
  const { names } = useResourceTexts(definition);
  const { t } = useTranslation("admin");
  const errorText = useErrorText();
  const url = resourceUrl(definition.path);

  const refresh = (id?: number) => {
    void qc.invalidateQueries({ queryKey: keys.lists() });
    if (id) void qc.invalidateQueries({ queryKey: keys.detail(id) });
    void refreshAfter(qc, definition);
  };
  const started = (key: string) => () => ({ toast: startToast(t(key, names)) });
  const failed = (key: string) => (e: unknown, _v: unknown, pending?: { toast: string }) =>
    settleToast(pending?.toast, "error", `${t(key, names)} ${errorText(e)}`);

  const create = useMutation({
    mutationFn: (body: Body) => api.post<SavedReply<Row>>(url, body),
    onMutate: started("list.adding"),
    onSuccess: (reply, _body, pending) => {
      settleToast(pending?.toast, "success", t("list.added", names));
      refresh(reply.data?.id);
    },
    onError: failed("list.addFailed"),
  });
  const update = useMutation({
    mutationFn: (body: Body & { id: number }) => api.put<SavedReply<Row>>(url, body),
    onMutate: started("list.updating"),
    onSuccess: (_reply, body, pending) => {
      settleToast(pending?.toast, "success", t("list.updated", names));
      refresh(body.id);
    },
    onError: failed("list.updateFailed"),
  });
  const remove = useMutation({
    mutationFn: (id: number) => api.delete<{ message: string }>(`${url}/${id}`),
    onMutate: started("list.deleting"),
    onSuccess: (_reply, id, pending) => {
      settleToast(pending?.toast, "success", t("list.deleted", names));
      qc.removeQueries({ queryKey: keys.detail(id) });
      refresh();
    },
    onError: failed("list.deleteFailed"),
  });
  return { create, update, remove, refresh };
}
