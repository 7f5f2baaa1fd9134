ALTER TABLE "work_order_reservations" DROP CONSTRAINT "work_order_reservations_quantity_check";--> statement-breakpoint
ALTER TABLE "bom_lines" ADD COLUMN "consumption" text DEFAULT 'scan' NOT NULL;--> statement-breakpoint
ALTER TABLE "work_order_consumptions" ADD COLUMN "unit_cost" numeric(16, 4) DEFAULT '0' NOT NULL;--> statement-breakpoint
ALTER TABLE "work_order_consumptions" ADD COLUMN "source" text DEFAULT 'scan' NOT NULL;--> statement-breakpoint
ALTER TABLE "work_order_consumptions" ADD COLUMN "reason" text;--> statement-breakpoint
ALTER TABLE "work_order_outputs" ADD COLUMN "unit_cost" numeric(16, 4);--> statement-breakpoint
ALTER TABLE "work_order_reservations" ADD COLUMN "awaiting" numeric(18, 6) DEFAULT '0' NOT NULL;--> statement-breakpoint
ALTER TABLE "work_order_reservations" ADD COLUMN "short_reason" text;--> statement-breakpoint
ALTER TABLE "work_orders" ADD COLUMN "parent_work_order_id" uuid;--> statement-breakpoint
ALTER TABLE "work_orders" ADD COLUMN "planned_material_cost" numeric(18, 4) DEFAULT '0' NOT NULL;--> statement-breakpoint
ALTER TABLE "work_orders" ADD COLUMN "material_cost" numeric(18, 4) DEFAULT '0' NOT NULL;--> statement-breakpoint
ALTER TABLE "work_orders" ADD COLUMN "labor_cost" numeric(18, 4) DEFAULT '0' NOT NULL;--> statement-breakpoint
ALTER TABLE "work_orders" ADD COLUMN "output_value" numeric(18, 4) DEFAULT '0' NOT NULL;--> statement-breakpoint
ALTER TABLE "work_orders" ADD CONSTRAINT "work_orders_parent_work_order_id_fk" FOREIGN KEY ("company_id","parent_work_order_id") REFERENCES "public"."work_orders"("company_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "work_orders_parent_idx" ON "work_orders" USING btree ("company_id","parent_work_order_id");--> statement-breakpoint
ALTER TABLE "bom_lines" ADD CONSTRAINT "bom_lines_consumption_check" CHECK ("bom_lines"."consumption" in ('scan', 'backflush'));--> statement-breakpoint
ALTER TABLE "work_order_consumptions" ADD CONSTRAINT "work_order_consumptions_source_check" CHECK ("work_order_consumptions"."source" in ('scan', 'backflush', 'completion'));--> statement-breakpoint
ALTER TABLE "work_order_reservations" ADD CONSTRAINT "work_order_reservations_quantity_check" CHECK ("work_order_reservations"."quantity" >= 0 and "work_order_reservations"."consumed" >= 0 and "work_order_reservations"."awaiting" >= 0 and "work_order_reservations"."awaiting" <= "work_order_reservations"."quantity");--> statement-breakpoint
-- Decision 064: what was consumed and put away before this migration gets its ledger cost, so a work order's
-- material cost and an output's unit cost are sums of history. The history tables refuse UPDATE (migration 0038);
-- their triggers are set aside for this one backfill, inside the migration's transaction.
ALTER TABLE "work_order_consumptions" DISABLE TRIGGER "work_order_consumptions_immutable";--> statement-breakpoint
UPDATE "work_order_consumptions" c SET "unit_cost" = l."unit_cost"
  FROM "stock_ledger" l
 WHERE l."company_id" = c."company_id" AND l."transaction_id" = c."transaction_id" AND l."item_id" = c."item_id";--> statement-breakpoint
ALTER TABLE "work_order_consumptions" ENABLE TRIGGER "work_order_consumptions_immutable";--> statement-breakpoint
ALTER TABLE "work_order_outputs" DISABLE TRIGGER "work_order_outputs_immutable";--> statement-breakpoint
UPDATE "work_order_outputs" o SET "unit_cost" = l."unit_cost"
  FROM "stock_ledger" l
 WHERE o."transaction_id" IS NOT NULL AND l."company_id" = o."company_id" AND l."transaction_id" = o."transaction_id";--> statement-breakpoint
ALTER TABLE "work_order_outputs" ENABLE TRIGGER "work_order_outputs_immutable";--> statement-breakpoint
UPDATE "work_orders" w SET "material_cost" = s."cost"
  FROM (SELECT "company_id", "work_order_id", round(sum("quantity" * "unit_cost"), 4) AS "cost"
          FROM "work_order_consumptions" GROUP BY "company_id", "work_order_id") s
 WHERE s."company_id" = w."company_id" AND s."work_order_id" = w."id";--> statement-breakpoint
UPDATE "work_orders" w SET "output_value" = s."value"
  FROM (SELECT "company_id", "work_order_id", round(sum("good_quantity" * coalesce("unit_cost", 0)), 4) AS "value"
          FROM "work_order_outputs" GROUP BY "company_id", "work_order_id") s
 WHERE s."company_id" = w."company_id" AND s."work_order_id" = w."id";
