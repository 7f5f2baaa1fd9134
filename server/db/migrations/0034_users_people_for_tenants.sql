-- The company's people, readable by the tenant role (decision 032): who one can lend to today, who runs a work order
-- or a maintenance job tomorrow. Only the columns that name a person and say whether they are active, and only the
-- rows of the transaction's company (the policy). Roles, rates, second factors, sign-in times and everything
-- better-auth keeps stay closed: the users admin screens still work as the server (a system route group), and
-- sessions, accounts, verifications and two_factors stay closed altogether (0009).
GRANT SELECT (id, company_id, first_name, last_name, email, active) ON users TO forgeboard_app;
--> statement-breakpoint
CREATE POLICY users_tenant_people ON users FOR SELECT TO forgeboard_app USING (company_id = app_company_id());
--> statement-breakpoint
COMMENT ON TABLE users IS 'Auth table: forgeboard_app may read the people columns (id, company_id, first_name, last_name, email, active) of its own company only (0034); nothing else, and no writes.';
