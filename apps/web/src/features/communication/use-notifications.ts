import { markNotificationsRead, myNotifications, type NotificationRow } from "@taleem/contract";
import { useQueryClient } from "@tanstack/react-query";
import { useEffect } from "react";
import { useAction, useActionQuery } from "../../lib/use-action";
import { realtimeSocket } from "./chat/realtime-socket";

/** How often the header asks for new notifications, in case the live socket is down. */
const POLL_MS = 60_000;

/** The socket event the server sends for each new notification (server: notification-delivery.ts). */
const NOTIFICATION_EVENT = "notification";

type Query = { unread?: "true"; kind?: string; student?: number; page?: number; limit?: number };

/** The signed-in person's notifications (a page of them) with the unread count. */
export function useNotifications(query: Query = {}, poll = false) {
  return useActionQuery(myNotifications, { query: query as never }, { refetchInterval: poll ? POLL_MS : false, placeholderData: (previous) => previous });
}

export function useMarkRead() {
  return useAction(markNotificationsRead);
}

/**
 * Refreshes every notification list the moment the server tells this person's open sessions of a
 * new one; `onNew` hears each (the bell shows a toast).
 */
export function useLiveNotifications(onNew?: (n: NotificationRow) => void) {
  const qc = useQueryClient();
  useEffect(() => {
    const socket = realtimeSocket();
    const heard = (n: NotificationRow) => {
      void qc.invalidateQueries({ queryKey: ["action", myNotifications.path] });
      onNew?.(n);
    };
    socket.on(NOTIFICATION_EVENT, heard);
    return () => {
      socket.off(NOTIFICATION_EVENT, heard);
    };
  }, [qc, onNew]);
}
