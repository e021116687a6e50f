-- Trigram matching, for the GIN indexes behind every list's search (ilike '%q%'), added by the
-- next migration. pg_trgm is a trusted extension: the database's owner may create it, no superuser
-- needed (PostgreSQL 13+); PGlite loads it in db/client.ts.
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
-- Row-level security lets the planner use an index for a condition only when its function is
-- leakproof (else the policy's check must run first, row by row): ilike is not marked so, and
-- every search of the app role would read the school's whole table. texticlike reveals nothing
-- of a row but its answer; an error can come only from the pattern, which the app always writes
-- (escaped) and a row never supplies, and no one but the app writes SQL here.
-- Its cost: ilike lower-cases both strings for every row, about 50 times what the planner assumes
-- of an operator (measured: 10,000 rows take 13-19 ms to filter, 2 ms through the trigram index),
-- so without it a school of 5,000 is still read whole for a rare name.
-- Both need a superuser (PGlite, CI): elsewhere searches stay correct and read the table, and the notice says why.
DO $$
BEGIN
  IF (SELECT rolsuper FROM pg_roles WHERE rolname = current_user) THEN
    ALTER FUNCTION pg_catalog.texticlike(text, text) LEAKPROOF COST 50;
  ELSE
    RAISE NOTICE 'pg_catalog.texticlike can be marked leakproof only by a superuser: under row-level security, searches will not use their trigram indexes';
  END IF;
END $$;
