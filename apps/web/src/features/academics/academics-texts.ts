import { i18n } from "../../lib/i18n";

/** The namespaces of the students and academics screens. */
export const ACADEMICS_NAMESPACES = ["students", "academics", "timetable"] as const;

// The navigation names these screens before any of them is opened: load their words with the
// layout (i18next then reloads them on every language switch).
void i18n.loadNamespaces([...ACADEMICS_NAMESPACES]);
