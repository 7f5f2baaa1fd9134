DROP INDEX "items_company_category_idx";--> statement-breakpoint
ALTER TABLE "items" ADD COLUMN "search_text" text GENERATED ALWAYS AS (lower(part_number || ' ' || name)) STORED NOT NULL;--> statement-breakpoint
CREATE INDEX "items_company_category_on_hand_idx" ON "items" USING btree ("company_id","category","on_hand");--> statement-breakpoint
CREATE INDEX "items_company_category_idx" ON "items" USING btree ("company_id","category",lower("part_number"));--> statement-breakpoint
-- The text search reads the stored, pre-lowered search_text with LIKE: one trigram index instead of two, and for a
-- pattern under three characters (no trigram to look up: "M8") a scan that compares bytes instead of folding case
-- on every row, about four times faster (docs/decisions/026). Lots search their stored lower-case key the same way.
CREATE INDEX items_search_text_trgm_idx ON items USING gin (search_text gin_trgm_ops);
--> statement-breakpoint
CREATE INDEX lots_lot_number_key_trgm_idx ON lots USING gin (lot_number_key gin_trgm_ops);
--> statement-breakpoint
DROP INDEX IF EXISTS items_part_number_trgm_idx;
--> statement-breakpoint
DROP INDEX IF EXISTS items_name_trgm_idx;
--> statement-breakpoint
DROP INDEX IF EXISTS lots_lot_number_trgm_idx;
--> statement-breakpoint
-- As in 0025, both functions run as the tables' owner, confined to the caller's company (app_company_id()), and
-- return item ids only. `pattern` is a LIKE pattern the caller has escaped; it is lowered here, so the caller's case
-- does not matter. `active` keeps only active (true) or inactive (false) items, or all (null): the status filter,
-- applied here so that the list can count a search's matches without reading their items again.
-- PL/pgSQL with EXECUTE, so that each call is planned for its own pattern: a plain SQL function is planned once for
-- any pattern, and that generic plan read the whole trigram index for a two-letter pattern (about 80 ms).
DROP FUNCTION stock_search_item_ids(text);
--> statement-breakpoint
-- The items whose lot number or holding location matches (few, as a rule), for the list's walk over many matches.
CREATE FUNCTION stock_search_other_item_ids(pattern text, active boolean) RETURNS SETOF uuid
  LANGUAGE plpgsql STABLE SECURITY DEFINER SET search_path = public, pg_temp ROWS 100 AS $$
BEGIN
  RETURN QUERY EXECUTE
    'SELECT l.item_id FROM lots l JOIN items i ON i.id = l.item_id
      WHERE l.company_id = app_company_id() AND l.lot_number_key LIKE $1 AND ($2 IS NULL OR i.active = $2)
     UNION
     SELECT b.item_id FROM stock_balances b JOIN locations l ON l.id = b.location_id JOIN items i ON i.id = b.item_id
      WHERE l.company_id = app_company_id() AND b.company_id = app_company_id()
        AND l.full_code ILIKE $1 AND b.quantity > 0 AND ($2 IS NULL OR i.active = $2)'
    USING lower(pattern), active;
END
$$;
--> statement-breakpoint
-- Up to `max_rows` of the items whose part number or name matches. It stops there, so a search matching a fifth of
-- the items costs what its first thousand matches cost.
CREATE FUNCTION stock_search_item_ids(pattern text, active boolean, max_rows integer) RETURNS SETOF uuid
  LANGUAGE plpgsql STABLE SECURITY DEFINER SET search_path = public, pg_temp ROWS 1000 AS $$
BEGIN
  RETURN QUERY EXECUTE
    'SELECT id FROM items
      WHERE company_id = app_company_id() AND search_text LIKE $1 AND ($2 IS NULL OR active = $2)
      LIMIT $3'
    USING lower(pattern), active, max_rows;
END
$$;
--> statement-breakpoint
REVOKE ALL ON FUNCTION stock_search_other_item_ids(text, boolean) FROM PUBLIC;
--> statement-breakpoint
REVOKE ALL ON FUNCTION stock_search_item_ids(text, boolean, integer) FROM PUBLIC;
--> statement-breakpoint
GRANT EXECUTE ON FUNCTION stock_search_other_item_ids(text, boolean) TO forgeboard_app;
--> statement-breakpoint
GRANT EXECUTE ON FUNCTION stock_search_item_ids(text, boolean, integer) TO forgeboard_app;
