import { type AlumnusRow, alumniResource } from "@taleem/contract";
import { ResourceList } from "../../ui/resource";

/** Former students: when they left, where they went, how to reach them. The student is found by searching (the generic form's student field). */
export function AlumniPage() {
  return <ResourceList<AlumnusRow> definition={alumniResource} form={{ fieldOptions: (row) => (row?.studentId ? { studentId: { hidden: true } } : {}) }} />;
}
