import { io, type Socket } from "socket.io-client";
import { useAuth } from "../../../lib/auth-store";
import { backendFor } from "../../../lib/backend";
import { KEYS, storage } from "../../../lib/storage";

/**
 * The realtime defaults of spec 000 §9: path /socket.io, 20 s connection time-out, reconnection
 * without an attempt limit from 1 s up to 5 s, randomisation 0.5 (socket.io's back-off factor is
 * 2, fixed). Events emitted while disconnected are buffered by socket.io and sent on connect.
 */
export const REALTIME_OPTIONS = {
  path: "/socket.io",
  timeout: 20_000,
  reconnection: true,
  reconnectionAttempts: Number.POSITIVE_INFINITY,
  reconnectionDelay: 1_000,
  reconnectionDelayMax: 5_000,
  randomizationFactor: 0.5,
  withCredentials: true,
} as const;

let socket: Socket | null = null;

/**
 * The signed-in person's one socket, shared by every screen that listens (chat, the notification
 * bell). The cookie carries the session in a browser; a stored token (native wrappers) goes in `auth`.
 */
export function realtimeSocket(): Socket {
  if (!socket) {
    socket = io(backendFor(window.location.origin) || undefined, {
      ...REALTIME_OPTIONS,
      autoConnect: false,
      auth: (send) => {
        const token = storage.get(KEYS.token);
        send(token ? { token } : {});
      },
    });
  }
  if (socket.disconnected && !socket.active) socket.connect();
  return socket;
}

// The browser knows at once when the network goes; the socket's heartbeat would take most of a
// minute. Close it then (waiting messages show as such) and open it again when the network is back.
window.addEventListener("offline", () => socket?.disconnect());
window.addEventListener("online", () => {
  if (socket?.disconnected) socket.connect();
});

// A session that ends closes its socket: the next person signing in on this device starts afresh.
useAuth.subscribe((state, before) => {
  if (before.user && state.user?.id !== before.user.id && socket) {
    socket.disconnect();
    socket = null;
  }
});
