import { markNotificationsRead, myNotifications, type NotificationRow } from "@taleem/contract";
import { useQueryClient } from "@tanstack/react-query";
import { useEffect } from "react";
import type { Socket } from "socket.io-client";
import { whenIdle } from "../../lib/idle";
import { useAction, useActionQuery } from "../../lib/use-action";

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
    const heard = (n: NotificationRow) => {
      void qc.invalidateQueries({ queryKey: ["action", myNotifications.path] });
      onNew?.(n);
    };
    // The socket (and its code) comes once the first page is up, within 3 s: on a slow phone its
    // download, handshake and polling would otherwise compete with the page.
    let socket: Socket | null = null;
    let gone = false;
    const cancel = whenIdle(() => {
      void import("./chat/realtime-socket").then(({ realtimeSocket }) => {
        if (gone) return;
        socket = realtimeSocket();
        socket.on(NOTIFICATION_EVENT, heard);
      });
    }, 3_000);
    return () => {
      gone = true;
      cancel();
      socket?.off(NOTIFICATION_EVENT, heard);
    };
  }, [qc, onNew]);
}
