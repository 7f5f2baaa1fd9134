-- app_company_id() only reads a setting, which PostgreSQL copies to parallel workers. Declared PARALLEL UNSAFE (the
-- default), it kept every query under a tenant policy on one process: the balance report's pass over a million
-- ledger rows, for one. Marking it safe lets the planner use parallel workers (docs/decisions/026).
ALTER FUNCTION app_company_id() PARALLEL SAFE;
