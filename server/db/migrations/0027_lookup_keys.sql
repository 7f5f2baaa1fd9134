ALTER TABLE "items" ADD COLUMN "part_number_key" text GENERATED ALWAYS AS (lower(part_number)) STORED NOT NULL;--> statement-breakpoint
ALTER TABLE "locations" ADD COLUMN "code_key" text GENERATED ALWAYS AS (lower(code)) STORED NOT NULL;--> statement-breakpoint
ALTER TABLE "lots" ADD COLUMN "lot_number_key" text GENERATED ALWAYS AS (lower(lot_number)) STORED NOT NULL;--> statement-breakpoint
CREATE INDEX "items_company_part_number_key_idx" ON "items" USING btree ("company_id","part_number_key");--> statement-breakpoint
CREATE INDEX "locations_company_code_key_idx" ON "locations" USING btree ("company_id","code_key");--> statement-breakpoint
CREATE INDEX "lots_company_number_key_idx" ON "lots" USING btree ("company_id","lot_number_key");