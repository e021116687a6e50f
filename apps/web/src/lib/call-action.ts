import { type ActionInput, type ActionReply, type AnyAction, actionUrl } from "@taleem/contract";
import { api, type CallOptions, type Query } from "./api";

// Apart from the data hooks (use-action.ts), so that a page without the query cache (the sign-in
// pages, the app shell) calls declared actions without loading it.

export type ActionCallInput<A extends AnyAction> = Partial<ActionInput<A>>;

/** Calls a declared action: its method and path from the declaration, parameters filled in. */
export function callAction<A extends AnyAction>(action: A, input: ActionCallInput<A> = {}, opts?: CallOptions): Promise<ActionReply<A>> {
  const url = actionUrl(action, input.params as Record<string, unknown> | undefined);
  const query = input.query as Query | undefined;
  if (action.method === "GET") return api.get<ActionReply<A>>(url, query, opts);
  const path = query ? `${url}?${new URLSearchParams(query as Record<string, string>)}` : url;
  if (action.method === "DELETE") return api.delete<ActionReply<A>>(path, opts);
  return action.method === "POST" ? api.post<ActionReply<A>>(path, input.body, opts) : api.put<ActionReply<A>>(path, input.body, opts);
}
