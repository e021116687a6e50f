import {
  inlineBodyLimit,
  PUBLIC_FORM_RATES,
  PUBLIC_MATERIAL_RATES,
  publicMaterialForm,
  submitPublicMaterial,
  UPLOAD_KINDS,
  UPLOAD_LIMITS,
  uploadLimit,
} from "@taleem/contract";
import type { FastifyInstance } from "fastify";
import { serveAction } from "../../platform/actions/serve-action.js";
import { recordChange } from "../../platform/audit/audit.service.js";
import { toE164 } from "../../platform/auth/phone.js";
import { decodeUpload, type UploadStore, withUploads } from "../../platform/files/uploads.js";
import { AppError } from "../../platform/http/errors.js";
import type { Services } from "../../platform/services.js";
import { TenantScope } from "../../platform/tenancy/tenant-scope.js";
import { activeBatch, subjectNames } from "../academics/academics.service.js";
import { classroomsOfBatch, subjectsTaught } from "../academics/classrooms.service.js";
import { findOpenTenant, publicSchool } from "../settings/public-form.js";
import { checkMaterial } from "./materials.service.js";
import { materials } from "./materials.table.js";

const tooMany = (message: string) => new AppError(429, "rate_limited", message);

/**
 * The public materials form, reached by the school's code: a teacher without an account sends a
 * note, worksheet, recording or link, with their name and mobile. Its file is checked as the
 * admission form's are; the material waits for the school's approval. Limited per address and
 * per school, as the other public forms are.
 */
export function registerOpenMaterial(app: FastifyInstance, { attempts }: Services, store: UploadStore) {
  serveAction(app, publicMaterialForm, async (ctx, { params }) => {
    if ((await attempts.hit(`material-form-read:${ctx.ip}`, 60)) > PUBLIC_FORM_RATES.readsPerMinute) throw tooMany("Too many requests. Try again in a minute.");
    const tenant = await findOpenTenant(ctx.db, params.code, "School");
    return new TenantScope(ctx.db, tenant.id).transaction(async (scope) => {
      const batch = await activeBatch(scope);
      const rooms = batch ? await classroomsOfBatch(scope, batch.id) : [];
      const taught = [
        ...new Set(
          [
            ...(
              await subjectsTaught(
                scope,
                rooms.map((r) => r.id),
              )
            ).values(),
          ].flat(),
        ),
      ];
      const names = await subjectNames(scope, taught);
      return {
        message: "Materials form fetched successfully",
        school: publicSchool(tenant),
        classrooms: rooms.filter((r) => r.status === "active").map((r) => ({ id: r.id, label: r.label })),
        subjects: [...names].map(([id, name]) => ({ id, name })).sort((a, b) => a.name.localeCompare(b.name)),
      };
    });
  });

  serveAction(
    app,
    submitPublicMaterial,
    async (ctx, { params, body }) => {
      // The address first, so that guessing codes is limited too.
      if ((await attempts.hit(`material-open:ip:${ctx.ip}`, 3600)) > PUBLIC_MATERIAL_RATES.perAddressPerHour) {
        throw tooMany("Too many materials were sent from this address. Please try again in an hour.");
      }
      const tenant = await findOpenTenant(ctx.db, params.code, "School");
      if ((await attempts.hit(`material-open:school:${tenant.id}`, 3600)) > PUBLIC_MATERIAL_RATES.perSchoolPerHour) {
        throw tooMany("This school has received too many materials this hour. Please try again later.");
      }
      const { file: inline, name, mobile, ...material } = body;
      const audio = material.kind === "audio";
      const id = await withUploads(store, tenant.id, null, (batch) =>
        new TenantScope(ctx.db, tenant.id).transaction(async (scope) => {
          const stored = inline
            ? batch.add(decodeUpload(inline, { types: UPLOAD_KINDS[audio ? "audio" : "document"].types, maxBytes: uploadLimit, field: "file" }), "materials")
            : undefined;
          const values = {
            ...material,
            file: !audio ? (stored?.path ?? null) : null,
            recording: audio ? (stored?.path ?? null) : null,
            link: material.link ?? null,
          };
          await checkMaterial(scope, values);
          await batch.save(scope);
          const made = await scope.insert(materials, {
            ...values,
            classroomId: values.classroomId ?? null,
            courseClassId: values.courseClassId ?? null,
            subjectId: values.subjectId ?? null,
            description: values.description ?? null,
            status: "pending",
            uploaderName: name,
            uploaderMobile: toE164(mobile, tenant.country),
          });
          // No session made it: the log names the teacher in the row and the address.
          await recordChange(scope.db, {
            tenantId: tenant.id,
            userId: null,
            action: "create",
            entity: "materials",
            entityId: made.id,
            after: made,
            ip: ctx.ip,
          });
          return made.id;
        }),
      );
      return { message: "Material received. The school will review it before families see it.", id };
    },
    // A recording is the largest file this form takes.
    { bodyLimit: inlineBodyLimit(UPLOAD_LIMITS.audioBytes) },
  );
}
