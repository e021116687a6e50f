-- Custom migration: a school made before the school-life modules (tasks, lessons, materials,
-- halls, checklists, meetings) kept built-in Staff and Muawin roles naming none of them, so its
-- teachers could not set homework or log a lesson. Such a role gets what a new school's role has
-- (platform/tenancy/provision.ts); a role naming any of them was set by the school and is left.
UPDATE "roles" SET "permissions" = "permissions" || '{"tasks":["view","add","edit"],"lessons":["view","add"],"materials":["view","add","edit"],"halls":["view","add","edit"],"checklists":["view","add","edit"],"meetings":["view"]}'::jsonb
WHERE "builtin" = 'staff'
  AND NOT EXISTS (SELECT 1 FROM jsonb_object_keys("permissions") AS k WHERE k IN ('tasks', 'lessons', 'materials', 'halls', 'checklists', 'meetings'));
--> statement-breakpoint
UPDATE "roles" SET "permissions" = "permissions" || '{"tasks":["view","add","edit"],"lessons":["view","add"],"halls":["view","add","edit"],"checklists":["view","add","edit"]}'::jsonb
WHERE "builtin" = 'muawin'
  AND NOT EXISTS (SELECT 1 FROM jsonb_object_keys("permissions") AS k WHERE k IN ('tasks', 'lessons', 'halls', 'checklists'));
