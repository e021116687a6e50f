-- Custom migration: saving any classroom's register became the attendance "manage" right; before,
-- anyone who could add marks saved any class's. A role that may delete marks (and so change any
-- class's past registers) already manages attendance, so it gets the right and the school's
-- office keeps its day; every other role keeps to its own classes and hours. Admin's {"*": ["*"]}
-- has every right already.
UPDATE "roles" SET "permissions" = jsonb_set("permissions", '{attendance}', ("permissions" -> 'attendance') || '["manage"]'::jsonb)
WHERE "permissions" -> 'attendance' @> '["delete"]'::jsonb
  AND NOT "permissions" -> 'attendance' @> '["manage"]'::jsonb;
