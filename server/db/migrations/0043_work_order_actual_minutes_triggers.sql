-- A work order's actual_minutes (migration 0042) is the sum of its finished step runs' minutes — finished_at less
-- started_at less paused_minutes, each rounded to 3 decimals — kept by the database whoever writes the runs (the
-- shop floor finishing a step, a correction, a bulk load), so the production report (decision 052) reads the work
-- order's row instead of joining every step run. Statement-level triggers with transition tables: a bulk insert of
-- runs is one set-based update of their work orders, and a pause or resume of a running step changes nothing.
CREATE FUNCTION work_order_run_minutes(status text, started_at timestamptz, finished_at timestamptz, paused_minutes numeric)
  RETURNS numeric LANGUAGE sql IMMUTABLE AS $$
  SELECT CASE WHEN status = 'finished'
              THEN round(extract(epoch FROM (finished_at - started_at)) / 60 - paused_minutes, 3)
              ELSE 0 END
$$;
--> statement-breakpoint
CREATE FUNCTION work_order_runs_inserted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE work_orders w
     SET actual_minutes = w.actual_minutes + d.minutes
    FROM (SELECT company_id, work_order_id,
                 sum(work_order_run_minutes(status, started_at, finished_at, paused_minutes)) AS minutes
            FROM new_runs
           GROUP BY company_id, work_order_id) d
   WHERE w.company_id = d.company_id AND w.id = d.work_order_id AND d.minutes <> 0;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE FUNCTION work_order_runs_updated() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE work_orders w
     SET actual_minutes = w.actual_minutes + d.minutes
    FROM (SELECT n.company_id, n.work_order_id,
                 sum(work_order_run_minutes(n.status, n.started_at, n.finished_at, n.paused_minutes)
                     - work_order_run_minutes(o.status, o.started_at, o.finished_at, o.paused_minutes)) AS minutes
            FROM new_runs n
            JOIN old_runs o ON o.company_id = n.company_id AND o.id = n.id
           GROUP BY n.company_id, n.work_order_id) d
   WHERE w.company_id = d.company_id AND w.id = d.work_order_id AND d.minutes <> 0;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER work_order_runs_inserted AFTER INSERT ON work_order_step_runs
  REFERENCING NEW TABLE AS new_runs FOR EACH STATEMENT EXECUTE FUNCTION work_order_runs_inserted();
--> statement-breakpoint
CREATE TRIGGER work_order_runs_updated AFTER UPDATE ON work_order_step_runs
  REFERENCING OLD TABLE AS old_runs NEW TABLE AS new_runs FOR EACH STATEMENT EXECUTE FUNCTION work_order_runs_updated();
--> statement-breakpoint
-- The runs finished before this migration.
UPDATE work_orders w
   SET actual_minutes = d.minutes
  FROM (SELECT company_id, work_order_id,
               sum(work_order_run_minutes(status, started_at, finished_at, paused_minutes)) AS minutes
          FROM work_order_step_runs
         GROUP BY company_id, work_order_id) d
 WHERE w.company_id = d.company_id AND w.id = d.work_order_id;
