CREATE TABLE "sampling_corrective_actions" (
	"id" uuid NOT NULL,
	"company_id" uuid NOT NULL,
	"item_id" uuid NOT NULL,
	"stage" text NOT NULL,
	"supplier_id" uuid,
	"action" text NOT NULL,
	"reference" text DEFAULT '' NOT NULL,
	"recorded_by" text NOT NULL,
	"recorded_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sampling_corrective_actions_pkey" PRIMARY KEY("company_id","id"),
	CONSTRAINT "sampling_corrective_actions_stage_check" CHECK ("sampling_corrective_actions"."stage" in ('receipt', 'final')),
	CONSTRAINT "sampling_corrective_actions_final_check" CHECK ("sampling_corrective_actions"."stage" = 'receipt' or "sampling_corrective_actions"."supplier_id" is null),
	CONSTRAINT "sampling_corrective_actions_action_check" CHECK (length(btrim("sampling_corrective_actions"."action")) > 0)
);
--> statement-breakpoint
ALTER TABLE "sampling_corrective_actions" ADD CONSTRAINT "sampling_corrective_actions_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sampling_corrective_actions" ADD CONSTRAINT "sampling_corrective_actions_item_id_fk" FOREIGN KEY ("company_id","item_id") REFERENCES "public"."items"("company_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sampling_corrective_actions" ADD CONSTRAINT "sampling_corrective_actions_supplier_id_fk" FOREIGN KEY ("company_id","supplier_id") REFERENCES "public"."suppliers"("company_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "sampling_corrective_actions_pair_idx" ON "sampling_corrective_actions" USING btree ("company_id","item_id","stage","supplier_id","recorded_at");--> statement-breakpoint
-- Decision 077: a corrective action after 105E 4.8's discontinuation is a tenant row (decision 008's grants and
-- row-level security) and history, written once like lot_holds: the switching rules replay it with the lots, so an
-- edit would rewrite which severity past lots should have had.
GRANT SELECT, INSERT ON sampling_corrective_actions TO forgeboard_app;
--> statement-breakpoint
ALTER TABLE sampling_corrective_actions ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY sampling_corrective_actions_tenant ON sampling_corrective_actions FOR ALL TO forgeboard_app
  USING (company_id = app_company_id()) WITH CHECK (company_id = app_company_id());
--> statement-breakpoint
CREATE TRIGGER sampling_corrective_actions_immutable BEFORE UPDATE OR DELETE ON sampling_corrective_actions
  FOR EACH ROW EXECUTE FUNCTION quality_history_immutable();
