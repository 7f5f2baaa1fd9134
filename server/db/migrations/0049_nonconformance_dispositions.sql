CREATE INDEX "nonconformances_item_idx" ON "nonconformances" USING btree ("company_id","item_id","opened_at");--> statement-breakpoint
CREATE INDEX "nonconformances_lot_idx" ON "nonconformances" USING btree ("company_id","lot_id") WHERE "nonconformances"."lot_id" is not null;--> statement-breakpoint
CREATE INDEX "nonconformances_supplier_idx" ON "nonconformances" USING btree ("company_id","supplier_id") WHERE "nonconformances"."supplier_id" is not null;--> statement-breakpoint
ALTER TABLE "nonconformances" ADD CONSTRAINT "nonconformances_disposition_quantity_check" CHECK (("nonconformances"."disposition" is null) = ("nonconformances"."disposition_quantity" is null)
        and ("nonconformances"."disposition_quantity" is null or ("nonconformances"."disposition_quantity" > 0 and "nonconformances"."disposition_quantity" <= "nonconformances"."quantity")));--> statement-breakpoint
-- Decision 073: a closed nonconformance is final, and a disposition once made (with the stock it posted or the rework
-- work order it made) is never rewritten — whatever the code does. The service refuses both first, with a message.
CREATE OR REPLACE FUNCTION nonconformance_final() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF OLD.status = 'closed' THEN
    RAISE EXCEPTION 'a closed nonconformance cannot be changed'
      USING ERRCODE = 'insufficient_privilege';
  END IF;
  IF OLD.disposition IS NOT NULL AND (
       NEW.disposition IS DISTINCT FROM OLD.disposition
       OR NEW.disposition_quantity IS DISTINCT FROM OLD.disposition_quantity
       OR NEW.transaction_id IS DISTINCT FROM OLD.transaction_id
       OR NEW.rework_work_order_id IS DISTINCT FROM OLD.rework_work_order_id) THEN
    RAISE EXCEPTION 'a nonconformance''s disposition cannot be changed once made'
      USING ERRCODE = 'insufficient_privilege';
  END IF;
  RETURN NEW;
END
$$;
--> statement-breakpoint
CREATE TRIGGER nonconformances_final BEFORE UPDATE ON nonconformances
  FOR EACH ROW EXECUTE FUNCTION nonconformance_final();
