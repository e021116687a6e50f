import { i18n } from "../../lib/i18n";

/** The namespaces of the admission screens and of the school's own fields, forms and templates. */
export const ADMISSIONS_NAMESPACES = ["admissions", "forms"] as const;

// The navigation names these screens before any of them is opened: their words load with the layout.
void i18n.loadNamespaces([...ADMISSIONS_NAMESPACES]);
