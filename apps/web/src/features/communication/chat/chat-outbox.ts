import { storage } from "../../../lib/storage";

/** A message written here and not yet stored by the server: kept across reloads and offline spells. */
export interface Pending {
  clientId: string;
  chatRoomId: number;
  content: string;
  time: string;
  /** waiting: will be sent on the next connection; failed: the server refused it. */
  state: "waiting" | "failed";
  /** The server's reason for a refusal, already in the reader's language. */
  error?: string;
}

/**
 * The outbox lives in localStorage under the person and school, written before each send is
 * tried, so a message is never lost (a closed tab, no network) and, sent again under its client
 * id, never doubled. Files are not kept here: they go only while the connection is up.
 */
export class ChatOutbox {
  constructor(private readonly key: string) {}

  static of(tenantId: number, userId: number) {
    return new ChatOutbox(`taleem_chat_outbox:${tenantId}:${userId}`);
  }

  all(): Pending[] {
    try {
      const parsed = JSON.parse(storage.get(this.key) ?? "[]") as unknown;
      return Array.isArray(parsed) ? (parsed as Pending[]) : [];
    } catch {
      return [];
    }
  }

  private save(list: Pending[]) {
    if (list.length) storage.set(this.key, JSON.stringify(list));
    else storage.remove(this.key);
  }

  put(entry: Pending) {
    this.save([...this.all().filter((p) => p.clientId !== entry.clientId), entry]);
  }

  remove(clientId: string) {
    this.save(this.all().filter((p) => p.clientId !== clientId));
  }
}

/** A client id for a new message: random, URL-safe, what the server's ChatClientId accepts. */
export function newClientId(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("");
}
