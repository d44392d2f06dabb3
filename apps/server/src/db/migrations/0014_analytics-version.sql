CREATE SEQUENCE "public"."analytics_version" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1;--> statement-breakpoint
-- Hand-written (docs/decisions/018-analytics-speed.md): every statement that writes a table
-- analytics or the reports read bumps analytics_version, in its own transaction, AFTER its rows
-- are written (so the writer already has a transaction id when the new value can be read). A
-- cached figure computed at an older value is never served again (lib/fresh-cache.ts).
-- ENABLE ALWAYS: the bump happens also under session_replication_role = replica (a bulk load,
-- a logical replica), whichever path writes.
CREATE FUNCTION analytics_version_bump() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM nextval('analytics_version');
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER tasks_analytics_version AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON tasks
  FOR EACH STATEMENT EXECUTE FUNCTION analytics_version_bump();
--> statement-breakpoint
ALTER TABLE tasks ENABLE ALWAYS TRIGGER tasks_analytics_version;
--> statement-breakpoint
CREATE TRIGGER activities_analytics_version AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON activities
  FOR EACH STATEMENT EXECUTE FUNCTION analytics_version_bump();
--> statement-breakpoint
ALTER TABLE activities ENABLE ALWAYS TRIGGER activities_analytics_version;
--> statement-breakpoint
CREATE TRIGGER products_analytics_version AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON products
  FOR EACH STATEMENT EXECUTE FUNCTION analytics_version_bump();
--> statement-breakpoint
ALTER TABLE products ENABLE ALWAYS TRIGGER products_analytics_version;
--> statement-breakpoint
CREATE TRIGGER teams_analytics_version AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON teams
  FOR EACH STATEMENT EXECUTE FUNCTION analytics_version_bump();
--> statement-breakpoint
ALTER TABLE teams ENABLE ALWAYS TRIGGER teams_analytics_version;
--> statement-breakpoint
CREATE TRIGGER team_members_analytics_version AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON team_members
  FOR EACH STATEMENT EXECUTE FUNCTION analytics_version_bump();
--> statement-breakpoint
ALTER TABLE team_members ENABLE ALWAYS TRIGGER team_members_analytics_version;
--> statement-breakpoint
CREATE TRIGGER users_analytics_version AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON users
  FOR EACH STATEMENT EXECUTE FUNCTION analytics_version_bump();
--> statement-breakpoint
ALTER TABLE users ENABLE ALWAYS TRIGGER users_analytics_version;
