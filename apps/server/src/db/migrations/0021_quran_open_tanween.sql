-- Custom migration: the Quran's open tanween (fathatan, dammatan, kasratan) were stored as U+0657,
-- U+065E and U+0656, which the served Amiri Quran font draws as an inverted damma, an empty box and
-- a subscript alef; they are U+08F0-U+08F2. 0013 writes the new code points for a new database;
-- this rewrites a database made before, and drops the one thin space (in 2:72's word) the font
-- lacks. On a new database it changes nothing.
UPDATE "quran_ayahs" SET "text" = replace(translate("text", U&'\0657\065E\0656', U&'\08F0\08F1\08F2'), U&'\2009', '')
WHERE "text" ~ U&'[\0657\065E\0656\2009]';
--> statement-breakpoint
UPDATE "quran_layouts" SET "attribution" = 'Uthmani text of The Noble Qur''an Encyclopedia (quranenc.com) through quran-json (github.com/risan/quran-json), its open tanween written in Unicode''s own code points; pages from quran-meta.'
WHERE "name" = 'madani-604';
