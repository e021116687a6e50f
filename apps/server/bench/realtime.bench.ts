import { io as connect, type Socket } from "socket.io-client";
import type { Db } from "../src/db/client.js";
import { chatMembers, chatRooms } from "../src/modules/communication/chat.table.js";
import { provisionTenant } from "../src/modules/provision.js";
import { builtinRoleId } from "../src/platform/auth/user-accounts.js";
import { profiles, users } from "../src/platform/auth/users.table.js";
import type { RealtimeServer } from "../src/platform/realtime/realtime.js";
import { TenantScope } from "../src/platform/tenancy/tenant-scope.js";
import { BENCH_PASSWORD, benchSignIn, listen, openBenchApp } from "./bench-kit.js";

/**
 * One chat message delivered to a room of 1,000 connected sockets, through the whole send path
 * (HTTP call, checks, the insert and its transaction, the emit after commit), timed from the call
 * to the last socket's receipt; beside socket.io's own `io.to(room).emit` of the same payload to
 * the same sockets, in the same run. The clients run in this process too, so both figures carry
 * the cost of 1,000 clients parsing each packet.
 */
const SOCKETS = Number(process.env.BENCH_SOCKETS ?? 1000);
const SENDS = Number(process.env.BENCH_SENDS ?? 50);
const WARMUP = 5;
const ADMIN_MOBILE = "+919000000001";

const fmt = (n: number, digits = 1) => n.toLocaleString("en-US", { minimumFractionDigits: digits, maximumFractionDigits: digits });
const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;

async function seed(app: Awaited<ReturnType<typeof openBenchApp>>["app"]) {
  const db = app.services.db;
  const { tenant, admin } = await provisionTenant(db, {
    code: "RTBENCH",
    name: "Realtime Bench School",
    admin: { name: "Bench Admin", mobile: ADMIN_MOBILE, password: BENCH_PASSWORD },
  });
  return db.transaction(async (tx) => {
    const scope = new TenantScope(tx as unknown as Db, tenant.id);
    const parent = await builtinRoleId(scope, "parent");
    const people = await scope.insertMany(
      users,
      Array.from({ length: SOCKETS }, (_, i) => ({ name: `Parent ${i}`, mobile: `+9192${String(10_000_000 + i)}` })),
    );
    const made = await scope.insertMany(
      profiles,
      people.map((u) => ({ userId: u.id, roleId: parent })),
    );
    const room = await scope.insert(chatRooms, { kind: "staff", name: "Everyone" });
    await scope.insertMany(chatMembers, [{ roomId: room.id, userId: admin.id }, ...people.map((u) => ({ roomId: room.id, userId: u.id }))]);
    return { tenantId: tenant.id, roomId: room.id, profiles: made };
  });
}

async function main() {
  const bench = await openBenchApp("pglite");
  const { app } = bench;
  const sockets: Socket[] = [];
  try {
    const url = await listen(app);
    const { tenantId, roomId, profiles: made } = await seed(app);
    const token = await benchSignIn(app, { mobile: ADMIN_MOBILE, password: BENCH_PASSWORD, code: "RTBENCH" });
    const tokens = await Promise.all(made.map((p) => app.services.sessions.create({ tenantId, userId: p.userId, profileId: p.id }, {}).then((s) => s.token)));

    // Everyone connects, in batches so the handshakes do not all wait on the database at once.
    let expected = "";
    let received = 0;
    let done: () => void = () => undefined;
    for (let i = 0; i < tokens.length; i += 100) {
      await Promise.all(
        tokens.slice(i, i + 100).map(
          (t) =>
            new Promise<void>((resolve, reject) => {
              const s = connect(url, { path: "/socket.io", transports: ["websocket"], reconnection: false, auth: { token: t } });
              s.on("chat:message", (p: { message: { clientId: string } }) => {
                if (p.message.clientId === expected && ++received === SOCKETS) done();
              });
              s.once("connect", () => resolve());
              s.once("connect_error", reject);
              sockets.push(s);
            }),
        ),
      );
    }
    const io = (app.services.realtime as RealtimeServer).io;
    io.socketsJoin("bench-room");

    const everyoneGets = (clientId: string) =>
      new Promise<void>((resolve) => {
        expected = clientId;
        received = 0;
        done = resolve;
      });

    const viaChat = async (n: number) => {
      const clientId = `bench-chat-${n}`;
      const arrived = everyoneGets(clientId);
      const started = performance.now();
      const res = await app.inject({
        method: "POST",
        url: "/admin/api/chatMessage",
        headers: { "x-requested-with": "XMLHttpRequest", "x-access-token": token },
        payload: { chatRoomId: roomId, clientId, content: `Announcement number ${n} for every family in the school.` },
      });
      if (res.statusCode !== 200) throw new Error(`send failed: ${res.statusCode} ${res.body}`);
      await arrived;
      return { ms: performance.now() - started, payload: res.json().data };
    };
    const viaSocketIo = async (n: number, message: Record<string, unknown>) => {
      const clientId = `bench-raw-${n}`;
      const arrived = everyoneGets(clientId);
      const started = performance.now();
      io.to("bench-room").emit("chat:message", { message: { ...message, clientId }, chatRoomId: roomId, chatRoomUserId: 1, receiverCRU: null });
      await arrived;
      return performance.now() - started;
    };

    let sample: Record<string, unknown> = {};
    for (let i = 0; i < WARMUP; i++) sample = (await viaChat(-1 - i)).payload;
    for (let i = 0; i < WARMUP; i++) await viaSocketIo(-1 - i, sample);
    const chat: number[] = [];
    const raw: number[] = [];
    // Alternating, so both see the same state of the process (garbage collection, JIT).
    for (let i = 0; i < SENDS; i++) {
      chat.push((await viaChat(i)).ms);
      raw.push(await viaSocketIo(i, sample));
    }
    chat.sort((a, b) => a - b);
    raw.sort((a, b) => a - b);
    const [c50, c95, r50, r95] = [percentile(chat, 50), percentile(chat, 95), percentile(raw, 50), percentile(raw, 95)];
    console.log(`one message to a room of ${SOCKETS} connected sockets, ${SENDS} sends each (PGlite, in-memory adapter, clients in this process)`);
    console.log(`  chat send path (HTTP + database + emit)  p50 ${fmt(c50).padStart(7)} ms   p95 ${fmt(c95).padStart(7)} ms`);
    console.log(`  socket.io io.to(room).emit               p50 ${fmt(r50).padStart(7)} ms   p95 ${fmt(r95).padStart(7)} ms`);
    console.log(`  ratio chat / socket.io                   p50 ${fmt(c50 / r50, 2).padStart(7)}x     p95 ${fmt(c95 / r95, 2).padStart(7)}x`);
  } finally {
    for (const s of sockets) s.disconnect();
    await bench.close();
  }
}

await main();
