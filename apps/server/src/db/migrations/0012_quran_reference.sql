CREATE TABLE "quran_ayahs" (
	"number" integer PRIMARY KEY NOT NULL,
	"surah" integer NOT NULL,
	"ayah" integer NOT NULL,
	"juz" integer NOT NULL,
	"hizb" integer NOT NULL,
	"rub" integer NOT NULL,
	"manzil" integer NOT NULL,
	"page" integer NOT NULL,
	"text" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "quran_layouts" (
	"name" text PRIMARY KEY NOT NULL,
	"title" text NOT NULL,
	"kind" text NOT NULL,
	"page_count" integer NOT NULL,
	"lines_per_page" integer,
	"font_family" text NOT NULL,
	"font_file" text NOT NULL,
	"licence" text NOT NULL,
	"attribution" text NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "quran_ayahs_surah_ayah_key" ON "quran_ayahs" USING btree ("surah","ayah");--> statement-breakpoint
CREATE INDEX "quran_ayahs_page_idx" ON "quran_ayahs" USING btree ("page","number");