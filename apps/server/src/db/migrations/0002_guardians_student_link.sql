-- Custom SQL migration file, put your code below! --
-- The platform's guardians table links parents to students; the platform cannot import the
-- students module's table, so its reference to students is added here. Links made before the
-- students table existed can name no student and are dropped.
DELETE FROM "guardians" g WHERE NOT EXISTS (SELECT 1 FROM "students" s WHERE s."tenant_id" = g."tenant_id" AND s."id" = g."student_id");--> statement-breakpoint
ALTER TABLE "guardians" ADD CONSTRAINT "guardians_student_fk" FOREIGN KEY ("tenant_id","student_id") REFERENCES "public"."students"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "guardians_student_idx" ON "guardians" USING btree ("tenant_id","student_id");
