import { randomBytes } from "node:crypto";
import type { AddressInfo } from "node:net";
import { Redis } from "ioredis";
import { io as connect, type Socket } from "socket.io-client";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "../src/app.js";
import { parseConfig } from "../src/config.js";
import type { RealtimeServer } from "../src/platform/realtime/realtime.js";
import { adminOfNewTenant, buildTestApp, TEST_ENV, type TestApp } from "./harness.js";
import { rolesOf, signedInUser } from "./people.js";

/**
 * Two server processes behind one load balancer: each is a buildApp of its own on its own port,
 * sharing the database and Redis (DB 1, a key prefix of this run), as two processes would.
 */
const REDIS_URL = process.env.TEST_REDIS_URL ?? "redis://127.0.0.1:6379/1";
const PREFIX = `h1-realtime-test:${randomBytes(4).toString("hex")}:`;

async function redisReachable(): Promise<boolean> {
  const probe = new Redis(REDIS_URL, { lazyConnect: true, maxRetriesPerRequest: 0, retryStrategy: () => null, connectTimeout: 2_000 });
  try {
    await probe.connect();
    return (await probe.ping()) === "PONG";
  } catch {
    return false;
  } finally {
    probe.disconnect();
  }
}

const reachable = await redisReachable();
if (!reachable) console.warn(`realtime-redis.test.ts skipped: Redis is not reachable at ${REDIS_URL}`);

const sockets: Socket[] = [];
const portOf = (app: TestApp) => (app.server.address() as AddressInfo).port;
function socketOf(app: TestApp, token: string): Promise<Socket> {
  const socket = connect(`http://127.0.0.1:${portOf(app)}`, { path: "/socket.io", transports: ["websocket"], reconnection: false, auth: { token } });
  sockets.push(socket);
  return new Promise((resolve, reject) => {
    socket.once("connect", () => resolve(socket));
    socket.once("connect_error", reject);
  });
}
const next = <T>(socket: Socket, event: string) => new Promise<T>((resolve) => socket.once(event, resolve));

/** Waits until each process's adapter has heard the other's heartbeat: before that, nothing crosses. */
async function clustered(apps: TestApp[]) {
  const counts = () => Promise.all(apps.map((app) => (app.services.realtime as RealtimeServer).io.of("/").adapter.serverCount()));
  for (let i = 0; i < 150 && (await counts()).some((n) => n < apps.length); i++) await new Promise((r) => setTimeout(r, 100));
  expect(await counts()).toEqual(apps.map(() => apps.length));
}

describe.skipIf(!reachable)("realtime across two server processes with Redis", () => {
  let one: TestApp;
  let two: TestApp;

  beforeAll(async () => {
    const env = { REDIS_URL, REDIS_PREFIX: PREFIX };
    const first = await buildTestApp(env);
    one = first.app;
    const url = process.env.DATABASE_URL ? { DATABASE_URL: process.env.DATABASE_URL } : {};
    two = (await buildApp({ config: parseConfig({ ...TEST_ENV, ...url, ...env }), database: first.database, logger: false })) as TestApp;
    await Promise.all([one.listen({ port: 0, host: "127.0.0.1" }), two.listen({ port: 0, host: "127.0.0.1" })]);
    await clustered([one, two]);
  });

  afterAll(async () => {
    for (const s of sockets) s.disconnect();
    await two?.close();
    await one?.close();
    // The adapter's stream and recovery sessions under this run's prefix.
    const redis = new Redis(REDIS_URL);
    const keys = await redis.keys(`${PREFIX}*`);
    if (keys.length) await redis.del(...keys);
    redis.disconnect();
  });

  it("delivers a message sent through one process to a socket on the other, and socket events both ways", async () => {
    const { tenant, api } = await adminOfNewTenant(one);
    const roles = await rolesOf(api);
    const teacher = await signedInUser(one, tenant, api, [roles.staff!], { name: "Teacher One" });
    const parent = await signedInUser(one, tenant, api, [roles.parent!], { name: "Parent Two" });
    const room = (await teacher.api.post("/admin/api/chatMessage/rooms", { kind: "direct", userId: parent.user.id })).json().data;

    const parentOnTwo = await socketOf(two, parent.token);
    const teacherOnOne = await socketOf(one, teacher.token);

    const arrived = next<{ message: { content: string; chatRoomId: number } }>(parentOnTwo, "chat:message");
    const sent = await teacher.api.post("/admin/api/chatMessage", { chatRoomId: room.id, clientId: "across-processes-1", content: "Across the two servers" });
    expect(sent.statusCode, sent.body).toBe(200);
    expect((await arrived).message).toMatchObject({ content: "Across the two servers", chatRoomId: room.id });

    // From a socket on process two to a socket on process one.
    const typing = next<{ chatRoomId: number; userId: number }>(teacherOnOne, "chat:typing");
    await parentOnTwo.emitWithAck("chat:typing", { chatRoomId: room.id });
    expect(await typing).toEqual({ chatRoomId: room.id, userId: parent.user.id });
  });
});
