CREATE TABLE "job_cost_days" (
	"company_id" uuid NOT NULL,
	"job_id" uuid NOT NULL,
	"day" date NOT NULL,
	"category" text NOT NULL,
	"seconds" numeric DEFAULT '0' NOT NULL,
	"cost" numeric DEFAULT '0' NOT NULL,
	CONSTRAINT "job_cost_days_pkey" PRIMARY KEY("company_id","job_id","day","category"),
	CONSTRAINT "job_cost_days_category_check" CHECK ("job_cost_days"."category" in ('labor', 'issued', 'consumed', 'maintenance'))
);
--> statement-breakpoint
ALTER TABLE "job_cost_days" ADD CONSTRAINT "job_cost_days_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "job_cost_days" ADD CONSTRAINT "job_cost_days_job_id_fk" FOREIGN KEY ("company_id","job_id") REFERENCES "public"."jobs"("company_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "job_cost_days_day_idx" ON "job_cost_days" USING btree ("company_id","day");--> statement-breakpoint
-- Decision 084 "Day sums": the job cost report's sums per company day, job and category. A tenant table: the triggers
-- below write it as whoever writes the time or the stock (the tenant role, under the company's policy).
GRANT SELECT, INSERT, UPDATE, DELETE ON job_cost_days TO forgeboard_app;
--> statement-breakpoint
ALTER TABLE job_cost_days ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY job_cost_days_tenant ON job_cost_days FOR ALL TO forgeboard_app
  USING (company_id = app_company_id()) WITH CHECK (company_id = app_company_id());
--> statement-breakpoint
-- A company's zone as the database can use it: an unknown one counts as UTC, as the server's safeTimeZone does.
CREATE FUNCTION job_cost_zone(zone text) RETURNS text LANGUAGE plpgsql STABLE AS $$
BEGIN
  PERFORM now() AT TIME ZONE zone;
  RETURN zone;
EXCEPTION WHEN others THEN
  RETURN 'UTC';
END $$;
--> statement-breakpoint
-- Labor: an ended entry counts on the company day it started, its seconds and its own cost; an update takes the old
-- row's away and adds the new one's (an edit, a clock-out, a re-pricing), a delete takes it away. Statement triggers
-- with transition tables: a bulk write is summed once, not row by row.
CREATE FUNCTION job_cost_time_entries() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    WITH z AS (SELECT c.id, job_cost_zone(c.timezone) AS zone FROM companies c
                WHERE c.id IN (SELECT DISTINCT company_id FROM old_rows))
    INSERT INTO job_cost_days AS d (company_id, job_id, day, category, seconds, cost)
    SELECT o.company_id, o.job_id, (o.started_at AT TIME ZONE z.zone)::date, 'labor',
           -sum(extract(epoch FROM o.ended_at - o.started_at)), -sum(o.cost)
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
           sum(extract(epoch FROM n.ended_at - n.started_at)), sum(n.cost)
      FROM new_rows n JOIN z ON z.id = n.company_id
     WHERE n.ended_at IS NOT NULL
     GROUP BY 1, 2, 3
    ON CONFLICT (company_id, job_id, day, category)
    DO UPDATE SET seconds = d.seconds + excluded.seconds, cost = d.cost + excluded.cost;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER job_cost_time_entries_insert AFTER INSERT ON time_entries
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION job_cost_time_entries();
--> statement-breakpoint
CREATE TRIGGER job_cost_time_entries_update AFTER UPDATE ON time_entries
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION job_cost_time_entries();
--> statement-breakpoint
CREATE TRIGGER job_cost_time_entries_delete AFTER DELETE ON time_entries
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION job_cost_time_entries();
--> statement-breakpoint
-- Ledger lines, on their posting's company day at −quantity × unit cost: a posting naming a job (an issue; a
-- maintenance issue, decision 085) under its kind, and a reversal as the posting it reverses. A consumption's own lines
-- are left to the consumption's trigger (its row, naming the work order, is written after the posting); a reversal of
-- one finds the work order through the consumptions of the posting it reverses.
CREATE FUNCTION job_cost_ledger() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  WITH z AS (SELECT c.id, job_cost_zone(c.timezone) AS zone FROM companies c
              WHERE c.id IN (SELECT DISTINCT company_id FROM new_lines)),
  charged AS (
    SELECT l.company_id, t.posted_at, l.quantity_delta * l.unit_cost AS value, coalesce(o.kind, t.kind) AS origin_kind,
           CASE WHEN coalesce(o.kind, t.kind) = 'build-consume' THEN wc.job_id ELSE coalesce(o.job_id, t.job_id) END
             AS job_id
      FROM new_lines l
      JOIN stock_transactions t ON t.company_id = l.company_id AND t.id = l.transaction_id
      LEFT JOIN stock_transactions o ON t.kind = 'reversal' AND o.company_id = t.company_id AND o.id = t.reverses_id
      LEFT JOIN LATERAL (
        SELECT w.job_id FROM work_order_consumptions c
          JOIN work_orders w ON w.company_id = c.company_id AND w.id = c.work_order_id
         WHERE o.kind = 'build-consume' AND c.company_id = o.company_id AND c.transaction_id = o.id
         LIMIT 1) wc ON true
     WHERE t.kind <> 'build-consume'
  )
  INSERT INTO job_cost_days AS d (company_id, job_id, day, category, seconds, cost)
  SELECT ch.company_id, ch.job_id, (ch.posted_at AT TIME ZONE z.zone)::date,
         CASE ch.origin_kind WHEN 'maintenance-issue' THEN 'maintenance' WHEN 'build-consume' THEN 'consumed'
              ELSE 'issued' END,
         0, -sum(ch.value)
    FROM charged ch JOIN z ON z.id = ch.company_id
   WHERE ch.job_id IS NOT NULL
   GROUP BY 1, 2, 3, 4
  ON CONFLICT (company_id, job_id, day, category) DO UPDATE SET cost = d.cost + excluded.cost;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER job_cost_ledger_insert AFTER INSERT ON stock_ledger
  REFERENCING NEW TABLE AS new_lines FOR EACH STATEMENT EXECUTE FUNCTION job_cost_ledger();
--> statement-breakpoint
-- A work order's consumption (each row one ledger line: its quantity at its posting line's unit cost), on the
-- posting's company day, to the work order's job.
CREATE FUNCTION job_cost_consumptions() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  WITH z AS (SELECT c.id, job_cost_zone(c.timezone) AS zone FROM companies c
              WHERE c.id IN (SELECT DISTINCT company_id FROM new_rows))
  INSERT INTO job_cost_days AS d (company_id, job_id, day, category, seconds, cost)
  SELECT n.company_id, w.job_id, (t.posted_at AT TIME ZONE z.zone)::date, 'consumed', 0, sum(n.quantity * n.unit_cost)
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
CREATE TRIGGER job_cost_consumptions_insert AFTER INSERT ON work_order_consumptions
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION job_cost_consumptions();
--> statement-breakpoint
-- A work order moved to another job (its order linked or unlinked, decision 079) takes what it consumed along: its
-- consumptions and the reversals of their postings leave the old job's days and join the new one's.
CREATE FUNCTION job_cost_work_order_moved() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  zone text;
BEGIN
  SELECT job_cost_zone(c.timezone) INTO zone FROM companies c WHERE c.id = NEW.company_id;
  WITH postings AS (
    SELECT DISTINCT transaction_id AS id FROM work_order_consumptions
     WHERE company_id = NEW.company_id AND work_order_id = NEW.id
  ), charges AS (
    SELECT (t.posted_at AT TIME ZONE zone)::date AS day, c.quantity * c.unit_cost AS cost
      FROM work_order_consumptions c
      JOIN stock_transactions t ON t.company_id = c.company_id AND t.id = c.transaction_id
     WHERE c.company_id = NEW.company_id AND c.work_order_id = NEW.id
    UNION ALL
    SELECT (r.posted_at AT TIME ZONE zone)::date, -(l.quantity_delta * l.unit_cost)
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
CREATE TRIGGER job_cost_work_order_moved AFTER UPDATE OF job_id ON work_orders
  FOR EACH ROW WHEN (OLD.job_id IS DISTINCT FROM NEW.job_id) EXECUTE FUNCTION job_cost_work_order_moved();
--> statement-breakpoint
-- A company's day sums derived afresh from its time and ledger, by the rules above (the backfill below, a company whose
-- zone changed, and tests comparing what the triggers kept).
CREATE FUNCTION job_cost_rebuild(company uuid) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  zone text;
BEGIN
  SELECT job_cost_zone(c.timezone) INTO zone FROM companies c WHERE c.id = company;
  DELETE FROM job_cost_days WHERE company_id = company;
  INSERT INTO job_cost_days (company_id, job_id, day, category, seconds, cost)
  SELECT company, x.job_id, x.day, x.category, sum(x.seconds), sum(x.cost)
    FROM (
      SELECT e.job_id, (e.started_at AT TIME ZONE zone)::date AS day, 'labor' AS category,
             extract(epoch FROM e.ended_at - e.started_at) AS seconds, e.cost
        FROM time_entries e
       WHERE e.company_id = company AND e.ended_at IS NOT NULL
      UNION ALL
      SELECT CASE WHEN coalesce(o.kind, t.kind) = 'build-consume' THEN wc.job_id ELSE coalesce(o.job_id, t.job_id) END,
             (t.posted_at AT TIME ZONE zone)::date,
             CASE coalesce(o.kind, t.kind) WHEN 'maintenance-issue' THEN 'maintenance' WHEN 'build-consume' THEN 'consumed'
                  ELSE 'issued' END,
             0, -(l.quantity_delta * l.unit_cost)
        FROM stock_ledger l
        JOIN stock_transactions t ON t.company_id = l.company_id AND t.id = l.transaction_id
        LEFT JOIN stock_transactions o ON t.kind = 'reversal' AND o.company_id = t.company_id AND o.id = t.reverses_id
        LEFT JOIN (SELECT DISTINCT c.transaction_id, w.job_id FROM work_order_consumptions c
                     JOIN work_orders w ON w.company_id = c.company_id AND w.id = c.work_order_id
                    WHERE c.company_id = company) wc ON wc.transaction_id = coalesce(o.id, t.id)
       WHERE l.company_id = company AND t.kind <> 'build-consume'
         AND (t.job_id IS NOT NULL OR t.kind = 'reversal')
      UNION ALL
      SELECT w.job_id, (t.posted_at AT TIME ZONE zone)::date, 'consumed', 0, c.quantity * c.unit_cost
        FROM work_order_consumptions c
        JOIN work_orders w ON w.company_id = c.company_id AND w.id = c.work_order_id
        JOIN stock_transactions t ON t.company_id = c.company_id AND t.id = c.transaction_id
       WHERE c.company_id = company
    ) x
   WHERE x.job_id IS NOT NULL
   GROUP BY x.job_id, x.day, x.category;
END $$;
--> statement-breakpoint
GRANT EXECUTE ON FUNCTION job_cost_zone(text), job_cost_rebuild(uuid) TO forgeboard_app;
--> statement-breakpoint
-- A company whose zone changed has other days: its sums are derived again on the new clock.
CREATE FUNCTION job_cost_zone_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM job_cost_rebuild(NEW.id);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER job_cost_zone_changed AFTER UPDATE OF timezone ON companies
  FOR EACH ROW WHEN (OLD.timezone IS DISTINCT FROM NEW.timezone) EXECUTE FUNCTION job_cost_zone_changed();
--> statement-breakpoint
-- The sums of what every company already has.
SELECT job_cost_rebuild(id) FROM companies;
