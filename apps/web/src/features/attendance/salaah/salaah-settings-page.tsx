import { salaahOptionResource, salaahTypeResource } from "@taleem/contract";
import { ResourceList } from "../../../ui/resource";

const standard = (row: { id: number }) => !(row as { builtinKey?: string | null }).builtinKey;

/** The school's prayers, in order, with their times; the standard ones are set inactive, not deleted. */
export function SalaahTypesPage() {
  return <ResourceList definition={salaahTypeResource} canDelete={standard} />;
}

/** How a prayer was kept, each option with its fixed meaning. */
export function SalaahOptionsPage() {
  return <ResourceList definition={salaahOptionResource} canDelete={standard} />;
}
