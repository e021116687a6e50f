/**
 * What a unique index means to a person: the field it guards and the refusal's text. Declared
 * beside the index, so a duplicate is refused by the database itself (no check-then-insert race)
 * and still answers 409 naming the field.
 */
export interface UniqueMeaning {
  code: string;
  message: string;
  field: string;
}

const meanings = new Map<string, UniqueMeaning>();

/** Names what the unique index `name` protects; returns the name for the index declaration. */
export function uniqueMeaning(name: string, meaning: UniqueMeaning): string {
  meanings.set(name, meaning);
  return name;
}

export const meaningOfUnique = (constraint: string | undefined) => (constraint ? meanings.get(constraint) : undefined);
