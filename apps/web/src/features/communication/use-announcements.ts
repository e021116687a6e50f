import {
  type AnnouncementAudience,
  type AnnouncementRow,
  announcementLogs,
  announcementResource,
  courseResource,
  getAnnouncement,
  remindAnnouncement,
  roleResource,
  studentGroupResource,
  userResource,
} from "@taleem/contract";
import { useAction, useActionQuery } from "../../lib/use-action";
import type { ListParams } from "../../ui/resource/resource-keys";
import { useResourceList, useResourceMutations, useResourceOptions } from "../../ui/resource/use-resource";

export function useAnnouncementList(params: ListParams) {
  return useResourceList<AnnouncementRow>(announcementResource, params);
}

export function useAnnouncementMutations() {
  return useResourceMutations<AnnouncementRow>(announcementResource);
}

export function useAnnouncement(id: number) {
  return useActionQuery(getAnnouncement, { params: { id } });
}

export function useAnnouncementLogs(id: number, query: { read?: "true" | "false"; classroom?: number; page: number; limit: number }) {
  return useActionQuery(announcementLogs, { params: { id }, query: query as never }, { placeholderData: (previous) => previous });
}

export function useRemind() {
  return useAction(remindAnnouncement);
}

/** What each audience chooses from, and by which label. */
const AUDIENCE_SOURCES: Record<Exclude<AnnouncementAudience, "school" | "classrooms">, { path: string; label: string }> = {
  courses: { path: courseResource.path, label: "name" },
  groups: { path: studentGroupResource.path, label: "name" },
  roles: { path: roleResource.path, label: "name" },
  people: { path: userResource.path, label: "name" },
};

/** The choices of an audience (courses, groups, roles or people); none for the whole school, and classrooms have their own picker. */
export function useAudienceOptions(audience: AnnouncementAudience) {
  const source = audience === "school" || audience === "classrooms" ? undefined : AUDIENCE_SOURCES[audience];
  return useResourceOptions(source?.path, source?.label ?? "name", !!source);
}
