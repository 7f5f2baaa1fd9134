-- Decision 063: a step of an assembly may name the machine it runs on, and a finished run of it adds its working
-- time to that machine's meter as a work_order reading naming the run (once: the partial unique index). The two
-- foreign keys of a reading to its work order and step run are written here by hand: the tables live in two modules
-- whose Drizzle files would otherwise import each other.
ALTER TABLE "assembly_steps" ADD COLUMN "machine_id" uuid;--> statement-breakpoint
ALTER TABLE "machine_meter_readings" ADD COLUMN "work_order_id" uuid;--> statement-breakpoint
ALTER TABLE "machine_meter_readings" ADD COLUMN "step_run_id" uuid;--> statement-breakpoint
ALTER TABLE "assembly_steps" ADD CONSTRAINT "assembly_steps_machine_id_fk" FOREIGN KEY ("company_id","machine_id") REFERENCES "public"."machines"("company_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "assembly_steps_machine_idx" ON "assembly_steps" USING btree ("company_id","machine_id");--> statement-breakpoint
CREATE UNIQUE INDEX "machine_meter_readings_step_run_key" ON "machine_meter_readings" USING btree ("company_id","step_run_id") WHERE "machine_meter_readings"."step_run_id" is not null;--> statement-breakpoint
ALTER TABLE "machine_meter_readings" ADD CONSTRAINT "machine_meter_readings_work_order_check" CHECK (("machine_meter_readings"."source" = 'work_order') = ("machine_meter_readings"."step_run_id" is not null));--> statement-breakpoint
ALTER TABLE "machine_meter_readings" ADD CONSTRAINT "machine_meter_readings_work_order_id_fk" FOREIGN KEY ("company_id","work_order_id") REFERENCES "public"."work_orders"("company_id","id");--> statement-breakpoint
ALTER TABLE "machine_meter_readings" ADD CONSTRAINT "machine_meter_readings_step_run_id_fk" FOREIGN KEY ("company_id","step_run_id") REFERENCES "public"."work_order_step_runs"("company_id","id");
