ALTER TABLE "task_list_versions" ADD COLUMN "steady_version" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
-- Hand-written (docs/decisions/041-task-list-tallies.md, "Moves leave steady counts"): a
-- product's steady_version moves with its version, except in a transaction that only moved tasks
-- (changed nothing of them but status, state_id, completed_at, rank and updated_at). A count that
-- reads none of those columns is computed with steady_version and stays current across moves,
-- the writes a board and a list see most.
UPDATE task_list_versions SET steady_version = version;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION task_list_bump(product uuid) RETURNS void LANGUAGE sql AS $$
  INSERT INTO task_list_versions (product_id, version, steady_version)
  SELECT product, n, n FROM nextval('task_list_version') n
  ON CONFLICT (product_id) DO UPDATE SET version = excluded.version, steady_version = excluded.version
$$;
--> statement-breakpoint
-- A move: version alone (a product with no row yet gets both, as if it had changed).
CREATE FUNCTION task_list_bump_move(product uuid) RETURNS void LANGUAGE sql AS $$
  INSERT INTO task_list_versions (product_id, version, steady_version)
  SELECT product, n, n FROM nextval('task_list_version') n
  ON CONFLICT (product_id) DO UPDATE SET version = excluded.version
$$;
--> statement-breakpoint
-- A task's row: an update of its moving columns only (same product) is a move; anything else
-- moves both versions, as task_list_bump_row did. The comparison is of the whole row less those
-- columns, so a column added later counts as steady's business without a word here.
CREATE FUNCTION task_list_bump_task() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  moving CONSTANT text[] := '{status,state_id,completed_at,rank,updated_at}';
BEGIN
  IF TG_OP = 'UPDATE' AND NEW.product_id = OLD.product_id
      AND to_jsonb(NEW) - moving = to_jsonb(OLD) - moving THEN
    PERFORM task_list_bump_move(NEW.product_id);
    RETURN NULL;
  END IF;
  IF TG_OP <> 'INSERT' THEN PERFORM task_list_bump(OLD.product_id); END IF;
  IF TG_OP = 'INSERT' OR (TG_OP = 'UPDATE' AND NEW.product_id IS DISTINCT FROM OLD.product_id) THEN
    PERFORM task_list_bump(NEW.product_id);
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
DROP TRIGGER tasks_task_list_version ON tasks;
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER tasks_task_list_version AFTER INSERT OR UPDATE OR DELETE ON tasks
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION task_list_bump_task();
--> statement-breakpoint
ALTER TABLE tasks ENABLE ALWAYS TRIGGER tasks_task_list_version;
--> statement-breakpoint
-- A first page kept across moves (tasks.page-stamp.ts) shows its assignees' pictures too: the
-- users' row moves when a picture does, as when a name does.
DROP TRIGGER users_task_list_version ON users;
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER users_task_list_version AFTER UPDATE OF name, avatar_url OR DELETE ON users
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION task_list_bump_names();
--> statement-breakpoint
ALTER TABLE users ENABLE ALWAYS TRIGGER users_task_list_version;
