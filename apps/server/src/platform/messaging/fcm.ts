import { createSign } from "node:crypto";
import { readFileSync } from "node:fs";

/** The fields of a Firebase service account's JSON key that sending needs. */
export interface FcmServiceAccount {
  project_id: string;
  client_email: string;
  private_key: string;
  token_uri?: string;
}

/** A native app's push: the title and text it shows, and the values the app opens it with. */
export interface FcmMessage {
  title: string;
  body: string;
  data: Record<string, string>;
}

export class FcmError extends Error {}

const SCOPE = "https://www.googleapis.com/auth/firebase.messaging";
const GOOGLE_TOKEN_URI = "https://oauth2.googleapis.com/token";

/** FCM_SERVICE_ACCOUNT: the key's JSON itself, or the path of its file. */
export function readServiceAccount(value: string): FcmServiceAccount {
  const text = value.trim().startsWith("{") ? value : readFileSync(value, "utf8");
  const account = JSON.parse(text) as Partial<FcmServiceAccount>;
  if (!account.project_id || !account.client_email || !account.private_key) {
    throw new Error("FCM_SERVICE_ACCOUNT must be a Firebase service account key (project_id, client_email, private_key)");
  }
  return account as FcmServiceAccount;
}

const base64url = (v: string | Buffer) => Buffer.from(v).toString("base64url");

/**
 * Firebase Cloud Messaging's HTTP v1 API, for the tokens native wrappers register: an OAuth
 * access token from the service account (a JWT signed with its key, exchanged at its token URI,
 * kept until a minute before it expires), then `POST {apiUrl}/v1/projects/{project}/messages:send`.
 * A token FCM no longer knows (404 UNREGISTERED, or 400 for a malformed one) answers "gone", so
 * the caller can forget the device.
 */
export class FcmSender {
  private access: { token: string; until: number } | undefined;

  constructor(
    private readonly account: FcmServiceAccount,
    private readonly apiUrl = "https://fcm.googleapis.com",
  ) {}

  async send(token: string, msg: FcmMessage): Promise<"sent" | "gone"> {
    const res = await fetch(`${this.apiUrl}/v1/projects/${encodeURIComponent(this.account.project_id)}/messages:send`, {
      method: "POST",
      headers: { authorization: `Bearer ${await this.accessToken()}`, "content-type": "application/json" },
      body: JSON.stringify({
        message: { token, notification: { title: msg.title, body: msg.body }, data: msg.data, android: { priority: "high" } },
      }),
      signal: AbortSignal.timeout(10_000),
    });
    if (res.ok) return "sent";
    const error = ((await res.json().catch(() => ({}))) as { error?: { status?: string; message?: string } }).error;
    if (res.status === 404 || (res.status === 400 && error?.status === "INVALID_ARGUMENT")) return "gone";
    // A refused access token is fetched afresh next time.
    if (res.status === 401) this.access = undefined;
    throw new FcmError(`FCM answered ${res.status}: ${error?.message ?? res.statusText}`);
  }

  private async accessToken(): Promise<string> {
    if (this.access && this.access.until > Date.now()) return this.access.token;
    const uri = this.account.token_uri ?? GOOGLE_TOKEN_URI;
    const now = Math.floor(Date.now() / 1000);
    const unsigned = `${base64url(JSON.stringify({ alg: "RS256", typ: "JWT" }))}.${base64url(
      JSON.stringify({ iss: this.account.client_email, scope: SCOPE, aud: uri, iat: now, exp: now + 3600 }),
    )}`;
    const signature = createSign("RSA-SHA256").update(unsigned).sign(this.account.private_key);
    const res = await fetch(uri, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ grant_type: "urn:ietf:params:oauth:grant-type:jwt-bearer", assertion: `${unsigned}.${base64url(signature)}` }),
      signal: AbortSignal.timeout(10_000),
    });
    if (!res.ok) throw new FcmError(`The FCM service account was refused (${res.status})`);
    const body = (await res.json()) as { access_token: string; expires_in: number };
    this.access = { token: body.access_token, until: Date.now() + (body.expires_in - 60) * 1000 };
    return body.access_token;
  }
}
