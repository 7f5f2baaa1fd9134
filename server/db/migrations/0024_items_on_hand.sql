ALTER TABLE "items" ADD COLUMN "on_hand" numeric(18, 6) DEFAULT '0' NOT NULL;--> statement-breakpoint
CREATE INDEX "items_company_name_idx" ON "items" USING btree ("company_id",lower("name"));--> statement-breakpoint
CREATE INDEX "items_company_on_hand_idx" ON "items" USING btree ("company_id","on_hand");--> statement-breakpoint
CREATE INDEX "items_company_value_idx" ON "items" USING btree ("company_id",("on_hand" * "unit_cost"));--> statement-breakpoint
CREATE INDEX "items_company_low_stock_idx" ON "items" USING btree ("company_id",lower("part_number")) WHERE "items"."reorder_point" > 0 and "items"."on_hand" <= "items"."reorder_point";--> statement-breakpoint
ALTER TABLE "items" ADD CONSTRAINT "items_on_hand_not_negative" CHECK ("items"."on_hand" >= 0);