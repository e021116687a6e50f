import type { Language } from "@taleem/contract";
import { inArray } from "drizzle-orm";
import type { RequestContext } from "../../platform/actions/request-context.js";
import { guardians } from "../../platform/auth/users.table.js";
import type { Services } from "../../platform/services.js";
import type { TenantScope } from "../../platform/tenancy/tenant-scope.js";
import { dayInSentence, isolated } from "../../platform/texts/in-sentence.js";
import { sendNotification } from "../communication/notifications.service.js";
import { studentsByIds } from "../students/students.service.js";

/** The parent's words, in their language: whose task, what, and by when. */
const TEXTS: Record<Language, (child: string, title: string, due: string) => { title: string; body: string }> = {
  en: (c, t, d) => ({ title: `A new task for ${c}`, body: `${t}. Due ${d}.` }),
  ta: (c, t, d) => ({ title: `${c} க்கு ஒரு புதிய பணி`, body: `${t}. முடிக்க வேண்டிய நாள் ${d}.` }),
  ur: (c, t, d) => ({ title: `${c} کے لیے نیا کام`, body: `${t}۔ آخری تاریخ ${d}۔` }),
  ar: (c, t, d) => ({ title: `مهمة جديدة لـ ${c}`, body: `${t}. موعد التسليم ${d}.` }),
  ml: (c, t, d) => ({ title: `${c}ക്ക് ഒരു പുതിയ പഠനജോലി`, body: `${t}. അവസാന തീയതി ${d}.` }),
};

/**
 * Tells the parents of every child a task reaches, one `task` notification per child, linked to
 * the parent's tasks screen; stored in the request's transaction and delivered after it commits.
 * Returns the children whose parents were told.
 */
export async function tellParentsOfTask(
  services: Services,
  ctx: Pick<RequestContext, "scope" | "afterCommit">,
  task: { title: string; dueOn: string },
  studentIds: number[],
): Promise<number> {
  if (!studentIds.length) return 0;
  const [children, links] = await Promise.all([studentsByIds(ctx.scope, studentIds), guardiansOf(ctx.scope, studentIds)]);
  let told = 0;
  for (const child of children) {
    const userIds = links.filter((l) => l.studentId === child.id).map((l) => l.userId);
    if (!userIds.length) continue;
    await sendNotification(services, ctx, {
      userIds,
      kind: "task",
      studentId: child.id,
      link: `/parent/tasks?student=${child.id}`,
      text: (language, digits) =>
        (TEXTS[language] ?? TEXTS.en)(isolated(language, child.name), isolated(language, task.title), dayInSentence(language, task.dueOn, digits)),
    });
    told++;
  }
  return told;
}

function guardiansOf(scope: TenantScope, studentIds: number[]) {
  return scope.db
    .select({ userId: guardians.userId, studentId: guardians.studentId })
    .from(guardians)
    .where(scope.where(guardians, inArray(guardians.studentId, studentIds)));
}
