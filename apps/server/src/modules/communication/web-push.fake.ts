import { execFileSync } from "node:child_process";
import { createDecipheriv, createECDH, createPublicKey, hkdfSync, randomBytes, verify } from "node:crypto";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { createServer, globalAgent, type Server } from "node:https";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";

/** A device as the fake knows it: the browser's half of the keys, to decrypt what it is sent. */
interface Device {
  ecdh: ReturnType<typeof createECDH>;
  auth: Buffer;
  expired: boolean;
}

export interface PushDelivery {
  device: string;
  /** The decrypted message, parsed from JSON. */
  payload: Record<string, unknown>;
  ttl: number;
  /** The VAPID claims, after the signature checked out against the key in the header. */
  claims: { aud: string; exp: number; sub: string };
}

const b64url = (b: Buffer) => b.toString("base64url");

/**
 * A Web Push service (RFC 8030) on this machine, over HTTPS with a certificate it makes for
 * itself: it accepts an encrypted POST to a subscription's endpoint, checks the VAPID
 * Authorization (RFC 8292: an ES256 JWT signed by the key `k`, for this origin, not expired),
 * decrypts the aes128gcm body (RFC 8188/8291) with the browser's keys, and answers 201; a
 * subscription marked expired answers 410, as a real service does when the browser unsubscribed.
 */
export class FakePushService {
  readonly received: PushDelivery[] = [];
  readonly refused: { device: string; status: number; reason: string }[] = [];
  private readonly devices = new Map<string, Device>();
  private server?: Server;
  private dir?: string;
  /** Where the service listens once started (a private address: the app must be told to allow it, PUSH_ALLOW_EXTRA). */
  origin = "";
  private previousCa: unknown;

  async start() {
    this.dir = mkdtempSync(join(tmpdir(), "fake-push-"));
    const [key, cert] = [join(this.dir, "key.pem"), join(this.dir, "cert.pem")];
    execFileSync(
      "openssl",
      [
        "req",
        "-x509",
        "-newkey",
        "ec",
        "-pkeyopt",
        "ec_paramgen_curve:prime256v1",
        "-nodes",
        "-days",
        "1",
        "-keyout",
        key,
        "-out",
        cert,
        "-subj",
        "/CN=127.0.0.1",
        "-addext",
        "subjectAltName=IP:127.0.0.1",
      ],
      { stdio: "ignore" },
    );
    const pem = readFileSync(cert);
    this.server = createServer({ key: readFileSync(key), cert: pem }, (req, res) => {
      const chunks: Buffer[] = [];
      req.on("data", (c: Buffer) => chunks.push(c));
      req.on("end", () => {
        const { status, reason } = this.receive(req.url ?? "", req.method ?? "", req.headers, Buffer.concat(chunks));
        res.writeHead(status, { "content-type": "text/plain" }).end(reason);
      });
    });
    await new Promise<void>((resolve) => this.server?.listen(0, "127.0.0.1", resolve));
    this.origin = `https://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
    // The push sender (web-push) goes through Node's global HTTPS agent: trust this certificate there.
    this.previousCa = globalAgent.options.ca;
    globalAgent.options.ca = pem;
  }

  async stop() {
    globalAgent.options.ca = this.previousCa as typeof globalAgent.options.ca;
    await new Promise<void>((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()));
    if (this.dir) rmSync(this.dir, { recursive: true, force: true });
  }

  /** A new browser subscription, as `pushManager.subscribe()` would hand it to the page. */
  subscribe() {
    const id = randomBytes(8).toString("hex");
    const ecdh = createECDH("prime256v1");
    ecdh.generateKeys();
    const auth = randomBytes(16);
    this.devices.set(id, { ecdh, auth, expired: false });
    return { id, endpoint: `${this.origin}/push/${id}`, keys: { p256dh: b64url(ecdh.getPublicKey()), auth: b64url(auth) } };
  }

  /** The browser unsubscribed: the service answers 410 Gone from now on. */
  expire(id: string) {
    const d = this.devices.get(id);
    if (d) d.expired = true;
  }

  private receive(url: string, method: string, headers: Record<string, string | string[] | undefined>, body: Buffer): { status: number; reason: string } {
    const id = /^\/push\/([0-9a-f]+)$/.exec(url)?.[1] ?? "";
    const device = this.devices.get(id);
    const refuse = (status: number, reason: string) => {
      this.refused.push({ device: id, status, reason });
      return { status, reason };
    };
    if (method !== "POST") return refuse(405, "POST only");
    if (!device) return refuse(404, "no such subscription");
    if (device.expired) return refuse(410, "subscription expired");
    if (headers["content-encoding"] !== "aes128gcm") return refuse(415, "aes128gcm only");
    const ttl = Number(headers.ttl);
    if (!Number.isInteger(ttl) || ttl < 0) return refuse(400, "TTL header missing");
    let claims: PushDelivery["claims"];
    try {
      claims = this.checkVapid(String(headers.authorization ?? ""));
    } catch (e) {
      return refuse(403, (e as Error).message);
    }
    let payload: Record<string, unknown>;
    try {
      payload = JSON.parse(decrypt(body, device).toString("utf8"));
    } catch (e) {
      return refuse(400, `cannot decrypt: ${(e as Error).message}`);
    }
    this.received.push({ device: id, payload, ttl, claims });
    return { status: 201, reason: "" };
  }

  /** `vapid t=<jwt>, k=<public key>`: the JWT must be ES256-signed by k, for this origin, unexpired. */
  private checkVapid(authorization: string): PushDelivery["claims"] {
    const m = /^vapid t=([^,\s]+),\s*k=([A-Za-z0-9_-]+)$/.exec(authorization);
    if (!m) throw new Error("no VAPID authorization");
    const [jwt, k] = [m[1] as string, Buffer.from(m[2] as string, "base64url")];
    const [head, claims, signature] = jwt.split(".");
    if (!head || !claims || !signature || k.length !== 65) throw new Error("malformed VAPID token");
    if (JSON.parse(Buffer.from(head, "base64url").toString()).alg !== "ES256") throw new Error("VAPID must be ES256");
    const key = createPublicKey({ key: { kty: "EC", crv: "P-256", x: b64url(k.subarray(1, 33)), y: b64url(k.subarray(33)) }, format: "jwk" });
    if (!verify("sha256", Buffer.from(`${head}.${claims}`), { key, dsaEncoding: "ieee-p1363" }, Buffer.from(signature, "base64url"))) {
      throw new Error("bad VAPID signature");
    }
    const c = JSON.parse(Buffer.from(claims, "base64url").toString());
    if (c.aud !== this.origin) throw new Error(`VAPID audience ${c.aud} is not ${this.origin}`);
    if (!(c.exp > Date.now() / 1000)) throw new Error("VAPID token expired");
    if (!/^(mailto:|https:)/.test(c.sub ?? "")) throw new Error("VAPID subject must be mailto: or https:");
    return c;
  }
}

/** RFC 8291: the browser's side of Web Push encryption, one aes128gcm record. */
function decrypt(body: Buffer, device: Device): Buffer {
  const salt = body.subarray(0, 16);
  const idlen = body.readUInt8(20);
  const serverKey = body.subarray(21, 21 + idlen);
  const record = body.subarray(21 + idlen);
  const shared = device.ecdh.computeSecret(serverKey);
  const info = Buffer.concat([Buffer.from("WebPush: info\0"), device.ecdh.getPublicKey(), serverKey]);
  const ikm = Buffer.from(hkdfSync("sha256", shared, device.auth, info, 32));
  const cek = Buffer.from(hkdfSync("sha256", ikm, salt, Buffer.from("Content-Encoding: aes128gcm\0"), 16));
  const nonce = Buffer.from(hkdfSync("sha256", ikm, salt, Buffer.from("Content-Encoding: nonce\0"), 12));
  const decipher = createDecipheriv("aes-128-gcm", cek, nonce);
  decipher.setAuthTag(record.subarray(record.length - 16));
  const padded = Buffer.concat([decipher.update(record.subarray(0, record.length - 16)), decipher.final()]);
  let end = padded.length - 1;
  while (end >= 0 && padded[end] === 0) end--;
  if (padded[end] !== 2) throw new Error("last record lacks its delimiter");
  return padded.subarray(0, end);
}
