-- Hand-written (docs/decisions/023-request-hot-path.md): the board (modules/tasks/tasks.board.ts)
-- is shared between viewers through lib/fresh-cache.ts, and it also reads the product's labels and
-- each card's label ids; a task list's total with a label filter reads task_labels. So every
-- statement that writes labels or task_labels bumps analytics_version as well, as migration 0014
-- does for the other tables (a label deleted cascades to task_labels, whose trigger fires too).
CREATE TRIGGER labels_analytics_version AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON labels
  FOR EACH STATEMENT EXECUTE FUNCTION analytics_version_bump();
--> statement-breakpoint
ALTER TABLE labels ENABLE ALWAYS TRIGGER labels_analytics_version;
--> statement-breakpoint
CREATE TRIGGER task_labels_analytics_version AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON task_labels
  FOR EACH STATEMENT EXECUTE FUNCTION analytics_version_bump();
--> statement-breakpoint
ALTER TABLE task_labels ENABLE ALWAYS TRIGGER task_labels_analytics_version;
