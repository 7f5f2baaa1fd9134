-- Decision 080, "Reopening a week": an admin opens an approved week again (with a reason, audited), which deletes its
-- approval row as the tenant. The row-level policy of migration 0053 already limits it to the company's rows.
GRANT DELETE ON time_week_approvals TO forgeboard_app;
