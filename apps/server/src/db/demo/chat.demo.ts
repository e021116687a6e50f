import type { ChatRoomRow } from "@taleem/contract";
// Read only when the slice runs, after seed-demo.ts (which imports this file) has loaded.
import { DEMO } from "../seed-demo.js";
import { type DemoApi, type DemoSchool, demoApi } from "./demo-school.js";

/** A client signed in as one of the demo accounts, as that person would be. */
async function signedIn(demo: DemoSchool, mobile: string): Promise<DemoApi> {
  const { token } = await demo.open.post<{ token: string }>("/admin/open/auth/login-mobile", { mobile, password: DEMO.password, code: DEMO.code });
  return demoApi(demo.app, token);
}

type Room = { data: ChatRoomRow };
type Sent = { data: { id: number } };

/**
 * Chat: the demo teacher and the demo parent talking about the parent's child (the parent has
 * read all but the teacher's last message, so the parent sees one unread), and the parents' room
 * of the child's class, opened by its teacher with a first message.
 */
export async function chatDemo(demo: DemoSchool): Promise<void> {
  const [teacher, parent] = await Promise.all([signedIn(demo, demo.accounts.staff.mobile), signedIn(demo, demo.accounts.parent.mobile)]);
  try {
    const parentId = (await parent.get<{ user: { id: number } }>("/user/open/auth/validatetoken")).user.id;
    const direct = await teacher.post<Room>("/admin/api/chatMessage/rooms", { kind: "direct", userId: parentId });
    const say = (who: DemoApi, n: number, content: string) =>
      who.post<Sent>("/admin/api/chatMessage", { chatRoomId: direct.data.id, clientId: `demo-direct-${n}`, content });
    await say(teacher, 1, "Assalamu alaikum. Your son recited Surah Al-Mulk very well today, masha'Allah.");
    const answer = await say(parent, 2, "Wa alaikum assalam! Thank you, teacher. He practised every evening this week.");
    await teacher.put("/admin/api/chatMessage/read", { chatRoomId: direct.data.id, messageId: answer.data.id });
    const question = await say(parent, 3, "Should he revise the last two pages again before Friday's test?");
    await teacher.put("/admin/api/chatMessage/read", { chatRoomId: direct.data.id, messageId: question.data.id });
    const reply = await say(teacher, 4, "Yes, please. Ten minutes after Maghrib is enough.");
    const thanks = await say(parent, 5, "We will. JazakAllah khair.");
    await teacher.put("/admin/api/chatMessage/read", { chatRoomId: direct.data.id, messageId: thanks.data.id });
    await parent.put("/admin/api/chatMessage/read", { chatRoomId: direct.data.id, messageId: reply.data.id });
    await say(teacher, 6, "The class trip form is due on Thursday.");

    // The parents' room of the class the demo teacher teaches (Madrasa 5-A, where the demo parent's son is).
    const classroomId = demo.ids.get("classroom", "madrasa5-a");
    const room = await teacher.post<Room>("/admin/api/chatMessage/rooms", { kind: "classroom", classroomId });
    await teacher.post("/admin/api/chatMessage", {
      chatRoomId: room.data.id,
      clientId: "demo-class-1",
      content: "Dear parents, this is our class room for questions about homework and events. Please be kind and brief.",
    });
  } finally {
    await Promise.all([teacher.post("/user/api/user/logout"), parent.post("/user/api/user/logout")]).catch(() => undefined);
  }
}
