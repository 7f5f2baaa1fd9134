-- Every item's stock starts as the sum of its balances; from here on the postings keep it (stock.service.ts).
UPDATE items i SET on_hand = s.total
  FROM (SELECT item_id, sum(quantity) AS total FROM stock_balances GROUP BY item_id) s
 WHERE s.item_id = i.id;
--> statement-breakpoint
-- The stock list's text search. Under row-level security PostgreSQL will not evaluate ILIKE (not leakproof) inside
-- an index scan ahead of the policy, so the trigram indexes of 0021 go unused and every search reads every row. This
-- function runs as the tables' owner and confines itself to the caller's company (app_company_id(), the same value
-- the policies use): one indexed search per table, whatever the company's size (docs/decisions/026). `pattern` is
-- an ILIKE pattern the caller has escaped.
CREATE FUNCTION stock_search_item_ids(pattern text) RETURNS SETOF uuid
  LANGUAGE sql STABLE SECURITY DEFINER SET search_path = public, pg_temp AS $$
  SELECT id FROM items WHERE company_id = app_company_id() AND (part_number ILIKE pattern OR name ILIKE pattern)
  UNION
  SELECT item_id FROM lots WHERE company_id = app_company_id() AND lot_number ILIKE pattern
  UNION
  SELECT b.item_id FROM stock_balances b JOIN locations l ON l.id = b.location_id
   WHERE l.company_id = app_company_id() AND b.company_id = app_company_id()
     AND l.full_code ILIKE pattern AND b.quantity > 0
$$;
--> statement-breakpoint
REVOKE ALL ON FUNCTION stock_search_item_ids(text) FROM PUBLIC;
--> statement-breakpoint
GRANT EXECUTE ON FUNCTION stock_search_item_ids(text) TO forgeboard_app;
