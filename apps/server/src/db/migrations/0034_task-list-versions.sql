CREATE SEQUENCE "public"."task_list_version" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1;--> statement-breakpoint
CREATE TABLE "task_list_versions" (
	"product_id" uuid PRIMARY KEY NOT NULL,
	"version" bigint NOT NULL
);
--> statement-breakpoint
-- Hand-written (docs/decisions/041-task-list-tallies.md): a product's row in task_list_versions
-- takes a new value of task_list_version when a transaction that wrote what its task lists count
-- commits. Deferred constraint triggers run at commit, after every row lock the writer takes, so
-- the version rows are the last locks a writer waits for (no new deadlock between two writers of
-- one product's tasks). The nil product's row stands for the users' names. ENABLE ALWAYS: a bulk
-- load (session_replication_role = replica) bumps too.
CREATE FUNCTION task_list_bump(product uuid) RETURNS void LANGUAGE sql AS $$
  INSERT INTO task_list_versions (product_id, version) VALUES (product, nextval('task_list_version'))
  ON CONFLICT (product_id) DO UPDATE SET version = excluded.version
$$;
--> statement-breakpoint
-- Rows with a product_id of their own: tasks, labels, custom_fields, teams, workflow_states.
CREATE FUNCTION task_list_bump_row() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'INSERT' THEN PERFORM task_list_bump(OLD.product_id); END IF;
  IF TG_OP = 'INSERT' OR (TG_OP = 'UPDATE' AND NEW.product_id IS DISTINCT FROM OLD.product_id) THEN
    PERFORM task_list_bump(NEW.product_id);
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE FUNCTION task_list_bump_task_label() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM task_list_bump(t.product_id) FROM tasks t
    WHERE t.id = (CASE WHEN TG_OP = 'DELETE' THEN OLD.task_id ELSE NEW.task_id END);
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE FUNCTION task_list_bump_product() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM task_list_bump(OLD.id);
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE FUNCTION task_list_bump_names() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM task_list_bump('00000000-0000-0000-0000-000000000000'::uuid);
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER tasks_task_list_version AFTER INSERT OR UPDATE OR DELETE ON tasks
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION task_list_bump_row();
--> statement-breakpoint
ALTER TABLE tasks ENABLE ALWAYS TRIGGER tasks_task_list_version;
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER labels_task_list_version AFTER UPDATE OR DELETE ON labels
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION task_list_bump_row();
--> statement-breakpoint
ALTER TABLE labels ENABLE ALWAYS TRIGGER labels_task_list_version;
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER custom_fields_task_list_version AFTER INSERT OR UPDATE OR DELETE ON custom_fields
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION task_list_bump_row();
--> statement-breakpoint
ALTER TABLE custom_fields ENABLE ALWAYS TRIGGER custom_fields_task_list_version;
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER teams_task_list_version AFTER UPDATE OR DELETE ON teams
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION task_list_bump_row();
--> statement-breakpoint
ALTER TABLE teams ENABLE ALWAYS TRIGGER teams_task_list_version;
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER workflow_states_task_list_version AFTER INSERT OR UPDATE OR DELETE ON workflow_states
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION task_list_bump_row();
--> statement-breakpoint
ALTER TABLE workflow_states ENABLE ALWAYS TRIGGER workflow_states_task_list_version;
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER task_labels_task_list_version AFTER INSERT OR UPDATE OR DELETE ON task_labels
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION task_list_bump_task_label();
--> statement-breakpoint
ALTER TABLE task_labels ENABLE ALWAYS TRIGGER task_labels_task_list_version;
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER products_task_list_version AFTER UPDATE OF name OR DELETE ON products
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION task_list_bump_product();
--> statement-breakpoint
ALTER TABLE products ENABLE ALWAYS TRIGGER products_task_list_version;
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER users_task_list_version AFTER UPDATE OF name OR DELETE ON users
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION task_list_bump_names();
--> statement-breakpoint
ALTER TABLE users ENABLE ALWAYS TRIGGER users_task_list_version;
