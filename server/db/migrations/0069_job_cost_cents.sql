-- Decision 084, "Rounding: every figure a sum of cents": each charge — a time entry's cost, a ledger line's
-- −quantity × unit cost, a consumption's quantity × unit cost — is rounded to the cent (halves away from zero) where it
-- is summed, so a day's sum, a job's figure and the drill-down's rows under it are all sums of the same cents and foot.
-- Rounding is symmetric (round(−x) = −round(x)), so a reversal still cancels its posting to the cent. The functions
-- are 0059's and 0060's with that one change; the sums every company already has are derived again at the end.
CREATE OR REPLACE FUNCTION job_cost_time_entries() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    WITH z AS (SELECT c.id, job_cost_zone(c.timezone) AS zone FROM companies c
                WHERE c.id IN (SELECT DISTINCT company_id FROM old_rows))
    INSERT INTO job_cost_days AS d (company_id, job_id, day, category, seconds, cost)
    SELECT o.company_id, o.job_id, (o.started_at AT TIME ZONE z.zone)::date, 'labor',
           -sum(extract(epoch FROM o.ended_at - o.started_at)), -sum(round(o.cost, 2))
      FROM old_rows o JOIN z ON z.id = o.company_id
     WHERE o.ended_at IS NOT NULL
     GROUP BY 1, 2, 3
    ON CONFLICT (company_id, job_id, day, category)
    DO UPDATE SET seconds = d.seconds + excluded.seconds, cost = d.cost + excluded.cost;
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    WITH z AS (SELECT c.id, job_cost_zone(c.timezone) AS zone FROM companies c
                WHERE c.id IN (SELECT DISTINCT company_id FROM new_rows))
    INSERT INTO job_cost_days AS d (company_id, job_id, day, category, seconds, cost)
    SELECT n.company_id, n.job_id, (n.started_at AT TIME ZONE z.zone)::date, 'labor',
           sum(extract(epoch FROM n.ended_at - n.started_at)), sum(round(n.cost, 2))
      FROM new_rows n JOIN z ON z.id = n.company_id
     WHERE n.ended_at IS NOT NULL
     GROUP BY 1, 2, 3
    ON CONFLICT (company_id, job_id, day, category)
    DO UPDATE SET seconds = d.seconds + excluded.seconds, cost = d.cost + excluded.cost;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION job_cost_posting() RETURNS trigger LANGUAGE plpgsql AS $$
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
         0, sum(round(-(l.quantity_delta * l.unit_cost), 2))
    FROM stock_ledger l
   WHERE l.company_id = NEW.company_id AND l.transaction_id = NEW.id
  HAVING count(*) > 0
  ON CONFLICT (company_id, job_id, day, category) DO UPDATE SET cost = d.cost + excluded.cost;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION job_cost_consumptions() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  WITH z AS (SELECT c.id, job_cost_zone(c.timezone) AS zone FROM companies c
              WHERE c.id IN (SELECT DISTINCT company_id FROM new_rows))
  INSERT INTO job_cost_days AS d (company_id, job_id, day, category, seconds, cost)
  SELECT n.company_id, w.job_id, (t.posted_at AT TIME ZONE z.zone)::date, 'consumed', 0, sum(round(n.quantity * n.unit_cost, 2))
    FROM new_rows n
    JOIN work_orders w ON w.company_id = n.company_id AND w.id = n.work_order_id
    JOIN stock_transactions t ON t.company_id = n.company_id AND t.id = n.transaction_id
    JOIN z ON z.id = n.company_id
   WHERE w.job_id IS NOT NULL
   GROUP BY 1, 2, 3
  ON CONFLICT (company_id, job_id, day, category) DO UPDATE SET cost = d.cost + excluded.cost;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION job_cost_work_order_moved() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  zone text;
BEGIN
  SELECT job_cost_zone(c.timezone) INTO zone FROM companies c WHERE c.id = NEW.company_id;
  WITH postings AS (
    SELECT DISTINCT transaction_id AS id FROM work_order_consumptions
     WHERE company_id = NEW.company_id AND work_order_id = NEW.id
  ), charges AS (
    SELECT (t.posted_at AT TIME ZONE zone)::date AS day, round(c.quantity * c.unit_cost, 2) AS cost
      FROM work_order_consumptions c
      JOIN stock_transactions t ON t.company_id = c.company_id AND t.id = c.transaction_id
     WHERE c.company_id = NEW.company_id AND c.work_order_id = NEW.id
    UNION ALL
    SELECT (r.posted_at AT TIME ZONE zone)::date, round(-(l.quantity_delta * l.unit_cost), 2)
      FROM stock_transactions r
      JOIN stock_ledger l ON l.company_id = r.company_id AND l.transaction_id = r.id
     WHERE r.company_id = NEW.company_id AND r.kind = 'reversal' AND r.reverses_id IN (SELECT id FROM postings)
  ), moves AS (
    SELECT OLD.job_id AS job_id, ch.day, -sum(ch.cost) AS cost FROM charges ch WHERE OLD.job_id IS NOT NULL
     GROUP BY ch.day
    UNION ALL
    SELECT NEW.job_id, ch.day, sum(ch.cost) FROM charges ch WHERE NEW.job_id IS NOT NULL GROUP BY ch.day
  )
  INSERT INTO job_cost_days AS d (company_id, job_id, day, category, seconds, cost)
  SELECT NEW.company_id, m.job_id, m.day, 'consumed', 0, m.cost FROM moves m
  ON CONFLICT (company_id, job_id, day, category) DO UPDATE SET cost = d.cost + excluded.cost;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION job_cost_rebuild(company uuid) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  zone text;
BEGIN
  SELECT job_cost_zone(c.timezone) INTO zone FROM companies c WHERE c.id = company;
  DELETE FROM job_cost_days WHERE company_id = company;
  INSERT INTO job_cost_days (company_id, job_id, day, category, seconds, cost)
  SELECT company, x.job_id, x.day, x.category, sum(x.seconds), sum(x.cost)
    FROM (
      SELECT e.job_id, (e.started_at AT TIME ZONE zone)::date AS day, 'labor' AS category,
             extract(epoch FROM e.ended_at - e.started_at) AS seconds, round(e.cost, 2) AS cost
        FROM time_entries e
       WHERE e.company_id = company AND e.ended_at IS NOT NULL
      UNION ALL
      SELECT CASE WHEN coalesce(o.kind, t.kind) = 'build-consume' THEN wc.job_id ELSE coalesce(o.job_id, t.job_id) END,
             (t.posted_at AT TIME ZONE zone)::date,
             CASE coalesce(o.kind, t.kind) WHEN 'maintenance-issue' THEN 'maintenance' WHEN 'build-consume' THEN 'consumed'
                  ELSE 'issued' END,
             0, round(-(l.quantity_delta * l.unit_cost), 2)
        FROM stock_ledger l
        JOIN stock_transactions t ON t.company_id = l.company_id AND t.id = l.transaction_id
        LEFT JOIN stock_transactions o ON t.kind = 'reversal' AND o.company_id = t.company_id AND o.id = t.reverses_id
        LEFT JOIN (SELECT DISTINCT c.transaction_id, w.job_id FROM work_order_consumptions c
                     JOIN work_orders w ON w.company_id = c.company_id AND w.id = c.work_order_id
                    WHERE c.company_id = company) wc ON wc.transaction_id = coalesce(o.id, t.id)
       WHERE l.company_id = company AND t.kind <> 'build-consume'
         AND (t.job_id IS NOT NULL OR t.kind = 'reversal')
      UNION ALL
      SELECT w.job_id, (t.posted_at AT TIME ZONE zone)::date, 'consumed', 0, round(c.quantity * c.unit_cost, 2)
        FROM work_order_consumptions c
        JOIN work_orders w ON w.company_id = c.company_id AND w.id = c.work_order_id
        JOIN stock_transactions t ON t.company_id = c.company_id AND t.id = c.transaction_id
       WHERE c.company_id = company
    ) x
   WHERE x.job_id IS NOT NULL
   GROUP BY x.job_id, x.day, x.category;
END $$;
--> statement-breakpoint
SELECT job_cost_rebuild(id) FROM companies;
