import { examMasterResource, examSetResource } from "@taleem/contract";
import { describe, expect, it } from "vitest";
import { initialValues, toBody, validate } from "./form-values";

describe("a rows field in the generic form", () => {
  it("keeps an examination's subjects as a list, sends them as one, and checks them as one", () => {
    const fields = examMasterResource.fields;
    expect(fields.find((f) => f.key === "subjects")?.kind).toBe("rows");
    const empty = initialValues(examMasterResource, fields);
    expect(empty.subjects).toEqual([]);
    const values = { ...empty, name: "Half-yearly", batchId: "1", classroomIds: ["2"], subjects: [{ subjectId: 3, maxMarks: 50, passMarks: 18 }] };
    const body = toBody(fields, values, "create", empty);
    expect(body.subjects).toEqual([{ subjectId: 3, maxMarks: 50, passMarks: 18 }]);
    expect(validate(examMasterResource, "create", body)).toEqual([]);
    // A pass mark above the maximum is the subjects field's problem.
    const wrong = toBody(fields, { ...values, subjects: [{ subjectId: 3, maxMarks: 50, passMarks: 60 }] }, "create", empty);
    expect(validate(examMasterResource, "create", wrong).map((i) => i.field)).toEqual(["subjects"]);
  });

  it("edits a set's terms from the reply and sends them only when they changed", () => {
    const fields = examSetResource.fields;
    const row = {
      name: "Annual",
      batchId: 1,
      combine: "weighted",
      rankRule: "passedAll",
      components: [{ examMasterId: 1, examMasterName: "Term 1", weight: 100 }],
    };
    const initial = initialValues(examSetResource, fields, row);
    expect(initial.components).toEqual(row.components);
    expect(toBody(fields, initial, "edit", initial, 7)).toEqual({ id: 7 });
    const twoTerms = [
      { examMasterId: 1, weight: 40 },
      { examMasterId: 2, weight: 50 },
    ];
    const changed = toBody(fields, { ...initial, components: twoTerms }, "edit", initial, 7);
    expect(changed).toEqual({ id: 7, components: twoTerms });
  });
});
