CREATE TABLE "quran_layout_lines" (
	"layout_name" text NOT NULL,
	"page" integer NOT NULL,
	"line" integer NOT NULL,
	"type" text NOT NULL,
	"surah" integer,
	"words" jsonb NOT NULL,
	CONSTRAINT "quran_layout_lines_layout_name_page_line_pk" PRIMARY KEY("layout_name","page","line")
);
--> statement-breakpoint
ALTER TABLE "quran_layouts" ADD COLUMN "font_data" "bytea";--> statement-breakpoint
ALTER TABLE "quran_layouts" ADD COLUMN "page_starts" jsonb;--> statement-breakpoint
ALTER TABLE "quran_layout_lines" ADD CONSTRAINT "quran_layout_lines_layout_fk" FOREIGN KEY ("layout_name") REFERENCES "public"."quran_layouts"("name") ON DELETE cascade ON UPDATE no action;