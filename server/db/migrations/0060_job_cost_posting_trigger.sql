-- Decision 093: the job cost report's ledger sums (decision 084) kept by a deferred constraint trigger on the posting
-- (stock_transactions) in place of migration 0059's statement trigger on stock_ledger. That one ran for EVERY posting:
-- it built the transition table, called its PL/pgSQL function and joined the new lines to their posting before finding
-- nothing to add (0.09 ms of PostgreSQL's CPU a posting, decision 087). This one's WHEN is checked in C as the row is
-- written, so a posting that names no job and is no reversal queues nothing and calls nothing. It runs at commit
-- (deferred), when the posting's ledger lines are all written (they follow their posting in the same transaction), and
-- reads them by their posting (stock_ledger_transaction_idx). The rules are 0059's: a posting naming a job under its
-- kind, a reversal as the posting it reverses (a consumption's through its work order), a consumption's own lines left
-- to work_order_consumptions' trigger.
CREATE FUNCTION job_cost_posting() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  origin_kind text := NEW.kind;
  job uuid := NEW.job_id;
  original stock_transactions%ROWTYPE;
BEGIN
  IF NEW.kind = 'reversal' THEN
    SELECT * INTO original FROM stock_transactions o WHERE o.company_id = NEW.company_id AND o.id = NEW.reverses_id;
    IF FOUND THEN
      origin_kind := original.kind;
      IF original.kind = 'build-consume' THEN
        SELECT w.job_id INTO job FROM work_order_consumptions c
          JOIN work_orders w ON w.company_id = c.company_id AND w.id = c.work_order_id
         WHERE c.company_id = original.company_id AND c.transaction_id = original.id
         LIMIT 1;
      ELSE
        job := coalesce(original.job_id, NEW.job_id);
      END IF;
    END IF;
  END IF;
  IF job IS NULL THEN
    RETURN NULL;
  END IF;
  INSERT INTO job_cost_days AS d (company_id, job_id, day, category, seconds, cost)
  SELECT NEW.company_id, job,
         (NEW.posted_at AT TIME ZONE (SELECT job_cost_zone(c.timezone) FROM companies c WHERE c.id = NEW.company_id))::date,
         CASE origin_kind WHEN 'maintenance-issue' THEN 'maintenance' WHEN 'build-consume' THEN 'consumed'
              ELSE 'issued' END,
         0, -sum(l.quantity_delta * l.unit_cost)
    FROM stock_ledger l
   WHERE l.company_id = NEW.company_id AND l.transaction_id = NEW.id
  HAVING count(*) > 0
  ON CONFLICT (company_id, job_id, day, category) DO UPDATE SET cost = d.cost + excluded.cost;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER job_cost_posting AFTER INSERT ON stock_transactions
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW
  WHEN ((NEW.job_id IS NOT NULL AND NEW.kind <> 'build-consume') OR NEW.kind = 'reversal')
  EXECUTE FUNCTION job_cost_posting();
--> statement-breakpoint
DROP TRIGGER job_cost_ledger_insert ON stock_ledger;
--> statement-breakpoint
DROP FUNCTION job_cost_ledger();
