import { customFieldResource, recordFields } from "@taleem/contract";
import type { FastifyInstance } from "fastify";
import { serveAction } from "../../platform/actions/serve-action.js";
import { badRequest } from "../../platform/http/errors.js";
import { serveResource } from "../../platform/resources/serve-resource.js";
import { insertCustomRecord, requireCustomRecord } from "../records/custom-records.service.js";
import { fieldsOf, freeKey, isReservedKey } from "./custom-fields.service.js";
import { type CustomFieldRecord, customFields } from "./custom-fields.table.js";

type Shape = Pick<CustomFieldRecord, "kind" | "options" | "min" | "max">;

/** A definition that can hold values: choices with distinct options, bounds in order. */
function checkShape(f: Shape) {
  if (f.kind === "choice") {
    if (!f.options.length) throw badRequest("custom_field.no_options", "A choice field needs at least one option.", { field: "options" });
    const values = f.options.map((o) => o.value.toLowerCase());
    const repeated = values.find((v, i) => values.indexOf(v) !== i);
    if (repeated) throw badRequest("custom_field.option_repeated", `The option ${repeated} appears twice.`, { field: "options", value: repeated });
  }
  if (f.min !== null && f.max !== null && f.min > f.max) {
    throw badRequest("custom_field.bounds", "The smallest value must not be larger than the largest.", { field: "min" });
  }
}

/** Custom fields of students, admissions and the school's record types. */
export function registerCustomFieldsModule(app: FastifyInstance) {
  serveResource(app, customFieldResource, customFields, {
    beforeCreate: async (ctx, input) => {
      let recordId: number | null = null;
      if (input.entity === "record") {
        if (!input.recordId) throw badRequest("custom_field.record_required", "Choose the record type this field belongs to.", { field: "recordId" });
        recordId = (await requireCustomRecord(ctx.scope, input.recordId)).id;
      } else if (input.recordId) {
        throw badRequest("custom_field.record_not_allowed", "Only fields of a record type name a record type.", { field: "recordId" });
      }
      if (input.key && isReservedKey(input.entity, input.key)) {
        throw badRequest("custom_field.key_reserved", `${input.key} is the name of a built-in field; choose another key.`, { field: "key" });
      }
      // A principal names the field; the key, a technical name, is made from that name unless given.
      const key = input.key || (await freeKey(ctx.scope, { entity: input.entity, recordId }, input.label));
      const values = { ...input, key, recordId, min: input.min ?? null, max: input.max ?? null, maxLength: input.maxLength ?? null };
      checkShape(values);
      // A key taken here is refused by the unique index (custom_field.key_taken).
      return values;
    },
    beforeUpdate: async (_ctx, existing, input) => {
      const { id: _id, ...values } = input;
      checkShape({
        kind: existing.kind,
        options: values.options ?? existing.options,
        min: values.min === undefined ? existing.min : values.min,
        max: values.max === undefined ? existing.max : values.max,
      });
      return values;
    },
    sample: async () => ({
      entity: "admission" as const,
      key: `f${Math.random().toString(36).slice(2, 10)}`,
      label: "Sample field",
      labels: {},
      kind: "text" as const,
      required: false,
      options: [],
      multiple: false,
      accept: ["image" as const, "pdf" as const],
      order: 0,
      status: "active" as const,
    }),
  });

  serveAction(
    app,
    recordFields,
    async (ctx, { params }) => {
      const record = await requireCustomRecord(ctx.scope, params.id);
      const rows = await fieldsOf(ctx.scope, { entity: "record", recordId: record.id }, true);
      return { message: "Fields fetched successfully", rows, count: rows.length };
    },
    { sample: async (scope) => ({ params: { id: (await insertCustomRecord(scope, "Sample record type")).id } }) },
  );
}
