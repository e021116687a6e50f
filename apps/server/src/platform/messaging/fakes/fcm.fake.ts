import { createVerify, generateKeyPairSync, randomBytes } from "node:crypto";
import type { Server } from "node:http";
import type { FcmServiceAccount } from "../fcm.js";
import { closeServer, listenJson } from "./fake-http.js";

const PROJECT = "taleem-local";

/**
 * A local Firebase Cloud Messaging (HTTP v1) with its OAuth token endpoint: `serviceAccount` is a
 * key of its own making (a fresh RSA pair) whose `token_uri` points here. `POST /token` checks the
 * signed JWT (RS256, issuer, audience, scope) and gives an access token; `POST
 * /v1/projects/{project}/messages:send` takes a message for a device token with that access token,
 * or answers 404 UNREGISTERED for a token marked `expire`d, as FCM does for an uninstalled app.
 */
export class FcmFake {
  readonly received: { token: string; title: string; body: string; data: Record<string, string> }[] = [];
  private readonly gone = new Set<string>();
  private readonly issued = new Set<string>();
  private readonly keys = generateKeyPairSync("rsa", { modulusLength: 2048 });
  private server: Server | undefined;
  url = "";

  /** The key to give the server as FCM_SERVICE_ACCOUNT (JSON). */
  get serviceAccount(): FcmServiceAccount {
    return {
      project_id: PROJECT,
      client_email: `taleem@${PROJECT}.iam.gserviceaccount.com`,
      private_key: this.keys.privateKey.export({ type: "pkcs8", format: "pem" }).toString(),
      token_uri: `${this.url}/token`,
    };
  }

  /** The device's app was uninstalled: FCM forgets its token. */
  expire(token: string) {
    this.gone.add(token);
  }

  async start(port = 0): Promise<this> {
    const { server, url } = await listenJson((req, body, answer, text) => {
      if (req.method === "POST" && req.url === "/token") {
        const assertion = new URLSearchParams(text).get("assertion") ?? "";
        return this.checkJwt(assertion)
          ? answer(200, { access_token: this.issue(), expires_in: 3600, token_type: "Bearer" })
          : answer(400, { error: "invalid_grant" });
      }
      if (req.method === "POST" && req.url === `/v1/projects/${PROJECT}/messages:send`) {
        const bearer = (req.headers.authorization ?? "").replace(/^Bearer /, "");
        if (!this.issued.has(bearer))
          return answer(401, { error: { code: 401, status: "UNAUTHENTICATED", message: "Request had invalid authentication credentials." } });
        const message = (body as { message?: { token?: string; notification?: { title?: string; body?: string }; data?: Record<string, string> } } | null)
          ?.message;
        if (!message?.token)
          return answer(400, { error: { code: 400, status: "INVALID_ARGUMENT", message: "The registration token is not a valid FCM registration token" } });
        if (this.gone.has(message.token)) {
          return answer(404, {
            error: {
              code: 404,
              status: "NOT_FOUND",
              message: "Requested entity was not found.",
              details: [{ "@type": "type.googleapis.com/google.firebase.fcm.v1.FcmError", errorCode: "UNREGISTERED" }],
            },
          });
        }
        this.received.push({
          token: message.token,
          title: message.notification?.title ?? "",
          body: message.notification?.body ?? "",
          data: message.data ?? {},
        });
        return answer(200, { name: `projects/${PROJECT}/messages/0:${randomBytes(8).toString("hex")}` });
      }
      answer(404, { error: { code: 404, status: "NOT_FOUND", message: "No such route" } });
    }, port);
    this.server = server;
    this.url = url;
    return this;
  }

  stop() {
    return this.server ? closeServer(this.server) : Promise.resolve();
  }

  private issue() {
    const token = `ya29.${randomBytes(24).toString("base64url")}`;
    this.issued.add(token);
    return token;
  }

  private checkJwt(jwt: string): boolean {
    const [header, claims, signature] = jwt.split(".");
    if (!header || !claims || !signature) return false;
    const ok = createVerify("RSA-SHA256").update(`${header}.${claims}`).verify(this.keys.publicKey, Buffer.from(signature, "base64url"));
    const c = JSON.parse(Buffer.from(claims, "base64url").toString("utf8")) as { iss?: string; aud?: string; scope?: string; exp?: number };
    return (
      ok &&
      c.iss === this.serviceAccount.client_email &&
      c.aud === `${this.url}/token` &&
      c.scope === "https://www.googleapis.com/auth/firebase.messaging" &&
      (c.exp ?? 0) * 1000 > Date.now()
    );
  }
}
