CREATE TABLE "borrowing_returns" (
	"id" uuid PRIMARY KEY NOT NULL,
	"company_id" uuid NOT NULL,
	"borrowing_id" uuid NOT NULL,
	"location_id" uuid NOT NULL,
	"quantity" numeric(18, 6) NOT NULL,
	"returned_by_name" text NOT NULL,
	"returned_at" timestamp with time zone DEFAULT now() NOT NULL,
	"transaction_id" uuid NOT NULL
);
--> statement-breakpoint
CREATE TABLE "borrowings" (
	"id" uuid PRIMARY KEY NOT NULL,
	"company_id" uuid NOT NULL,
	"item_id" uuid NOT NULL,
	"location_id" uuid NOT NULL,
	"lot_id" uuid,
	"quantity" numeric(18, 6) NOT NULL,
	"returned_quantity" numeric(18, 6) DEFAULT '0' NOT NULL,
	"borrower_user_id" uuid,
	"borrower_name" text DEFAULT '' NOT NULL,
	"job_reference" text DEFAULT '' NOT NULL,
	"due_on" date NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"borrowed_by_name" text NOT NULL,
	"borrowed_at" timestamp with time zone DEFAULT now() NOT NULL,
	"closed_at" timestamp with time zone,
	"transaction_id" uuid NOT NULL,
	CONSTRAINT "borrowings_returned_within" CHECK ("borrowings"."returned_quantity" >= 0 and "borrowings"."returned_quantity" <= "borrowings"."quantity")
);
--> statement-breakpoint
CREATE TABLE "count_lines" (
	"id" uuid PRIMARY KEY NOT NULL,
	"company_id" uuid NOT NULL,
	"session_id" uuid NOT NULL,
	"item_id" uuid NOT NULL,
	"location_id" uuid NOT NULL,
	"lot_id" uuid,
	"expected_quantity" numeric(18, 6) NOT NULL,
	"counted_quantity" numeric(18, 6),
	"book_at_count" numeric(18, 6),
	"counted_by" uuid,
	"counted_by_name" text,
	"counted_at" timestamp with time zone,
	"added" boolean DEFAULT false NOT NULL,
	CONSTRAINT "count_lines_session_key" UNIQUE NULLS NOT DISTINCT("session_id","item_id","location_id","lot_id"),
	CONSTRAINT "count_lines_counted_not_negative" CHECK ("count_lines"."counted_quantity" >= 0)
);
--> statement-breakpoint
CREATE TABLE "count_sessions" (
	"id" uuid PRIMARY KEY NOT NULL,
	"company_id" uuid NOT NULL,
	"number" integer NOT NULL,
	"title" text DEFAULT '' NOT NULL,
	"scope" text NOT NULL,
	"location_id" uuid,
	"blind" boolean DEFAULT true NOT NULL,
	"status" text DEFAULT 'counting' NOT NULL,
	"started_by" uuid,
	"started_by_name" text NOT NULL,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"closed_by_name" text,
	"closed_at" timestamp with time zone,
	"transaction_id" uuid
);
--> statement-breakpoint
CREATE TABLE "lot_genealogy" (
	"id" uuid PRIMARY KEY NOT NULL,
	"company_id" uuid NOT NULL,
	"parent_lot_id" uuid NOT NULL,
	"child_lot_id" uuid NOT NULL,
	"quantity" numeric(18, 6) NOT NULL,
	"transaction_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "lot_genealogy_not_itself" CHECK ("lot_genealogy"."parent_lot_id" <> "lot_genealogy"."child_lot_id")
);
--> statement-breakpoint
ALTER TABLE "borrowing_returns" ADD CONSTRAINT "borrowing_returns_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "borrowing_returns" ADD CONSTRAINT "borrowing_returns_borrowing_id_borrowings_id_fk" FOREIGN KEY ("borrowing_id") REFERENCES "public"."borrowings"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "borrowing_returns" ADD CONSTRAINT "borrowing_returns_location_id_locations_id_fk" FOREIGN KEY ("location_id") REFERENCES "public"."locations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "borrowing_returns" ADD CONSTRAINT "borrowing_returns_transaction_id_stock_transactions_id_fk" FOREIGN KEY ("transaction_id") REFERENCES "public"."stock_transactions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "borrowings" ADD CONSTRAINT "borrowings_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "borrowings" ADD CONSTRAINT "borrowings_item_id_items_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."items"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "borrowings" ADD CONSTRAINT "borrowings_location_id_locations_id_fk" FOREIGN KEY ("location_id") REFERENCES "public"."locations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "borrowings" ADD CONSTRAINT "borrowings_lot_id_lots_id_fk" FOREIGN KEY ("lot_id") REFERENCES "public"."lots"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "borrowings" ADD CONSTRAINT "borrowings_transaction_id_stock_transactions_id_fk" FOREIGN KEY ("transaction_id") REFERENCES "public"."stock_transactions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "count_lines" ADD CONSTRAINT "count_lines_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "count_lines" ADD CONSTRAINT "count_lines_session_id_count_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."count_sessions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "count_lines" ADD CONSTRAINT "count_lines_item_id_items_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."items"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "count_lines" ADD CONSTRAINT "count_lines_location_id_locations_id_fk" FOREIGN KEY ("location_id") REFERENCES "public"."locations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "count_lines" ADD CONSTRAINT "count_lines_lot_id_lots_id_fk" FOREIGN KEY ("lot_id") REFERENCES "public"."lots"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "count_sessions" ADD CONSTRAINT "count_sessions_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "count_sessions" ADD CONSTRAINT "count_sessions_location_id_locations_id_fk" FOREIGN KEY ("location_id") REFERENCES "public"."locations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "count_sessions" ADD CONSTRAINT "count_sessions_transaction_id_stock_transactions_id_fk" FOREIGN KEY ("transaction_id") REFERENCES "public"."stock_transactions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lot_genealogy" ADD CONSTRAINT "lot_genealogy_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lot_genealogy" ADD CONSTRAINT "lot_genealogy_parent_lot_id_lots_id_fk" FOREIGN KEY ("parent_lot_id") REFERENCES "public"."lots"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lot_genealogy" ADD CONSTRAINT "lot_genealogy_child_lot_id_lots_id_fk" FOREIGN KEY ("child_lot_id") REFERENCES "public"."lots"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lot_genealogy" ADD CONSTRAINT "lot_genealogy_transaction_id_stock_transactions_id_fk" FOREIGN KEY ("transaction_id") REFERENCES "public"."stock_transactions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "borrowing_returns_borrowing_idx" ON "borrowing_returns" USING btree ("borrowing_id");--> statement-breakpoint
CREATE INDEX "borrowings_company_open_idx" ON "borrowings" USING btree ("company_id","closed_at","due_on");--> statement-breakpoint
CREATE INDEX "borrowings_company_item_idx" ON "borrowings" USING btree ("company_id","item_id");--> statement-breakpoint
CREATE INDEX "count_lines_company_session_idx" ON "count_lines" USING btree ("company_id","session_id");--> statement-breakpoint
CREATE UNIQUE INDEX "count_sessions_company_number_key" ON "count_sessions" USING btree ("company_id","number");--> statement-breakpoint
CREATE INDEX "count_sessions_company_status_idx" ON "count_sessions" USING btree ("company_id","status","started_at");--> statement-breakpoint
CREATE INDEX "lot_genealogy_parent_idx" ON "lot_genealogy" USING btree ("parent_lot_id");--> statement-breakpoint
CREATE INDEX "lot_genealogy_child_idx" ON "lot_genealogy" USING btree ("child_lot_id");--> statement-breakpoint
CREATE INDEX "stock_ledger_lot_idx" ON "stock_ledger" USING btree ("lot_id");