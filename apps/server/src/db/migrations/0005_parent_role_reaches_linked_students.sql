-- Custom migration: schools made before roles carried linked_students_only keep what the Parent role meant then.
UPDATE "roles" SET "linked_students_only" = true WHERE "builtin" = 'parent';
