ALTER TABLE "company_settings" ADD COLUMN "allow_reduced_inspection" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "inspections" ADD COLUMN "defective_units" integer;--> statement-breakpoint
ALTER TABLE "inspections" ADD COLUMN "defects" integer;--> statement-breakpoint
-- Decision 072 "Completed in the second Quality session": a finished inspection keeps its defective units and defects
-- on its row (the finish writes them in its transaction), so the dashboard sums rows instead of joining every failed
-- result to every inspection. Inspections finished before this migration get theirs from their results; the table
-- grant of 0048 (UPDATE on inspections) already covers the new columns, and no trigger guards inspections.
UPDATE "inspections" i
   SET "defective_units" = coalesce(f.defective_units, 0), "defects" = coalesce(f.defects, 0)
  FROM "inspections" k
  LEFT JOIN (
    SELECT r.company_id, r.inspection_id, count(DISTINCT r.unit_no)::int AS defective_units, count(*)::int AS defects
      FROM "inspection_results" r
     WHERE NOT r.passed
     GROUP BY r.company_id, r.inspection_id
  ) f ON f.company_id = k.company_id AND f.inspection_id = k.id
 WHERE k.company_id = i.company_id AND k.id = i.id AND i.status <> 'open';
