-- Hand-written (docs/decisions/041-task-list-tallies.md): the row of task_list_versions whose
-- product_id is 00000000-0000-0000-0000-000000000001 moves when a transaction commits that may
-- change which products someone sees (lib/visibility.ts: a product's creator, its teams and their
-- active members; a product created, changed or deleted). A viewer's product ids are kept until it
-- moves, where any write to any task used to outdate them.
CREATE FUNCTION task_list_bump_visibility() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM task_list_bump('00000000-0000-0000-0000-000000000001'::uuid);
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER team_members_visibility_version AFTER INSERT OR UPDATE OR DELETE ON team_members
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION task_list_bump_visibility();
--> statement-breakpoint
ALTER TABLE team_members ENABLE ALWAYS TRIGGER team_members_visibility_version;
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER teams_visibility_version AFTER INSERT OR UPDATE OF product_id OR DELETE ON teams
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION task_list_bump_visibility();
--> statement-breakpoint
ALTER TABLE teams ENABLE ALWAYS TRIGGER teams_visibility_version;
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER products_visibility_version AFTER INSERT OR UPDATE OR DELETE ON products
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION task_list_bump_visibility();
--> statement-breakpoint
ALTER TABLE products ENABLE ALWAYS TRIGGER products_visibility_version;
