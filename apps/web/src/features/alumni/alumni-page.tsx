import { type AlumnusRow, alumniResource } from "@taleem/contract";
import { type FieldOptions, ResourceList } from "../../ui/resource";
import { StudentPicker } from "../students/student-picker";

// The school's students are many: choose one by searching, not from a list of all.
const studentPicker: FieldOptions = {
  render: ({ value, error, onChange, label, description }) => (
    <StudentPicker label={label} description={description} error={error} status="" value={value ? String(value) : null} onChange={(v) => onChange(v ?? "")} />
  ),
};

/** Former students: when they left, where they went, how to reach them. */
export function AlumniPage() {
  return (
    <ResourceList<AlumnusRow>
      definition={alumniResource}
      form={{ fieldOptions: (row) => ({ studentId: row?.studentId ? { hidden: true } : studentPicker }) }}
    />
  );
}
