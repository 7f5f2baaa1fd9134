ALTER TABLE "breakdowns" ADD COLUMN "job_id" uuid;--> statement-breakpoint
ALTER TABLE "maintenance_occurrences" ADD COLUMN "job_id" uuid;--> statement-breakpoint
ALTER TABLE "time_entries" ADD COLUMN "breakdown_id" uuid;--> statement-breakpoint
ALTER TABLE "time_entries" ADD COLUMN "occurrence_id" uuid;--> statement-breakpoint
ALTER TABLE "breakdowns" ADD CONSTRAINT "breakdowns_job_id_fk" FOREIGN KEY ("company_id","job_id") REFERENCES "public"."jobs"("company_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "maintenance_occurrences" ADD CONSTRAINT "maintenance_occurrences_job_id_fk" FOREIGN KEY ("company_id","job_id") REFERENCES "public"."jobs"("company_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "time_entries" ADD CONSTRAINT "time_entries_breakdown_id_fk" FOREIGN KEY ("company_id","breakdown_id") REFERENCES "public"."breakdowns"("company_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "time_entries" ADD CONSTRAINT "time_entries_occurrence_id_fk" FOREIGN KEY ("company_id","occurrence_id") REFERENCES "public"."maintenance_occurrences"("company_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "breakdowns_job_idx" ON "breakdowns" USING btree ("company_id","job_id") WHERE "breakdowns"."job_id" is not null;--> statement-breakpoint
CREATE INDEX "maintenance_occurrences_job_idx" ON "maintenance_occurrences" USING btree ("company_id","job_id") WHERE "maintenance_occurrences"."job_id" is not null;--> statement-breakpoint
CREATE INDEX "time_entries_breakdown_idx" ON "time_entries" USING btree ("company_id","breakdown_id") WHERE "time_entries"."breakdown_id" is not null;--> statement-breakpoint
CREATE INDEX "time_entries_occurrence_idx" ON "time_entries" USING btree ("company_id","occurrence_id") WHERE "time_entries"."occurrence_id" is not null;--> statement-breakpoint
ALTER TABLE "time_entries" ADD CONSTRAINT "time_entries_one_target_check" CHECK (num_nonnulls("time_entries"."step_run_id", "time_entries"."breakdown_id", "time_entries"."occurrence_id") <= 1);--> statement-breakpoint
ALTER TABLE "time_entries" ADD CONSTRAINT "time_entries_maintenance_check" CHECK (("time_entries"."breakdown_id" is null and "time_entries"."occurrence_id" is null) or "time_entries"."activity" = 'maintenance');