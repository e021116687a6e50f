import { markNotificationsRead, myNotifications } from "@taleem/contract";
import { useAction, useActionQuery } from "../../lib/use-action";

/** How often the header asks for new notifications until the live socket tells it. */
const POLL_MS = 60_000;

type Query = { unread?: "true"; kind?: string; student?: number; page?: number; limit?: number };

/** The signed-in person's notifications (a page of them) with the unread count. */
export function useNotifications(query: Query = {}, poll = false) {
  return useActionQuery(myNotifications, { query: query as never }, { refetchInterval: poll ? POLL_MS : false, placeholderData: (previous) => previous });
}

export function useMarkRead() {
  return useAction(markNotificationsRead);
}
