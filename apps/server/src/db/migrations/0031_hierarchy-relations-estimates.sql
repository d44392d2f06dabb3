CREATE TABLE "task_relations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"kind" text NOT NULL,
	"source_id" uuid NOT NULL,
	"target_id" uuid NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "task_relations_kind_known" CHECK ("task_relations"."kind" in ('blocks', 'relates', 'duplicates')),
	CONSTRAINT "task_relations_not_self" CHECK ("task_relations"."source_id" <> "task_relations"."target_id")
);
--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "estimate_scale" text DEFAULT 'none' NOT NULL;--> statement-breakpoint
ALTER TABLE "tasks" ADD COLUMN "parent_id" uuid;--> statement-breakpoint
ALTER TABLE "tasks" ADD COLUMN "subtask_total" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "tasks" ADD COLUMN "subtask_done" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "tasks" ADD COLUMN "estimate" text;--> statement-breakpoint
ALTER TABLE "task_relations" ADD CONSTRAINT "task_relations_source_id_tasks_id_fk" FOREIGN KEY ("source_id") REFERENCES "public"."tasks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "task_relations" ADD CONSTRAINT "task_relations_target_id_tasks_id_fk" FOREIGN KEY ("target_id") REFERENCES "public"."tasks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "task_relations" ADD CONSTRAINT "task_relations_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "task_relations_pair_idx" ON "task_relations" USING btree (least("source_id", "target_id"),greatest("source_id", "target_id"));--> statement-breakpoint
CREATE INDEX "task_relations_target_idx" ON "task_relations" USING btree ("target_id","kind");--> statement-breakpoint
CREATE INDEX "task_relations_source_idx" ON "task_relations" USING btree ("source_id");--> statement-breakpoint
ALTER TABLE "tasks" ADD CONSTRAINT "tasks_parent_id_tasks_id_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."tasks"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "tasks_parent_idx" ON "tasks" USING btree ("parent_id") WHERE "tasks"."parent_id" is not null;--> statement-breakpoint
CREATE INDEX "tasks_estimate_idx" ON "tasks" USING btree ("product_id","estimate") WHERE "tasks"."estimate" is not null;--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_estimate_scale_known" CHECK ("products"."estimate_scale" in ('none', 'points', 'tshirt', 'hours'));--> statement-breakpoint
-- Hand-written (issue 29, docs/decisions/038-hierarchy-relations-estimates.md). A task's sub-task
-- counters (tasks.subtask_total / subtask_done: its live sub-tasks, and those Completed) kept by
-- statement triggers on tasks itself, by deltas as migration 0016 keeps the checklist's: each
-- statement adds what its own rows changed (a new sub-task, a status, a parent set or cleared, a
-- task trashed or restored, a purge) to each parent once. The parents' UPDATE fires the trigger
-- again, with no parent_id, status or deleted_at changed: it returns at once (a statement trigger
-- fires for an UPDATE of no rows too, so an UPDATE of nothing must not be run, or it would recurse).
CREATE FUNCTION task_subtask_counts() RETURNS trigger LANGUAGE plpgsql SET search_path = public AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    IF NOT EXISTS (SELECT 1 FROM new_rows WHERE parent_id IS NOT NULL) THEN RETURN NULL; END IF;
    UPDATE tasks t SET subtask_total = t.subtask_total + d.total, subtask_done = t.subtask_done + d.done
      FROM (SELECT parent_id, count(*)::int AS total, count(*) FILTER (WHERE status = 'Completed')::int AS done
              FROM new_rows WHERE parent_id IS NOT NULL AND deleted_at IS NULL GROUP BY parent_id) d
     WHERE t.id = d.parent_id;
  ELSIF TG_OP = 'DELETE' THEN
    IF NOT EXISTS (SELECT 1 FROM old_rows WHERE parent_id IS NOT NULL) THEN RETURN NULL; END IF;
    UPDATE tasks t SET subtask_total = t.subtask_total - d.total, subtask_done = t.subtask_done - d.done
      FROM (SELECT parent_id, count(*)::int AS total, count(*) FILTER (WHERE status = 'Completed')::int AS done
              FROM old_rows WHERE parent_id IS NOT NULL AND deleted_at IS NULL GROUP BY parent_id) d
     WHERE t.id = d.parent_id;
  ELSIF TG_OP = 'UPDATE' THEN
    IF NOT EXISTS (
      SELECT 1 FROM new_rows n JOIN old_rows o ON o.id = n.id
       WHERE (n.parent_id IS NOT NULL OR o.parent_id IS NOT NULL)
         AND (n.parent_id IS DISTINCT FROM o.parent_id OR n.status <> o.status
              OR n.deleted_at IS DISTINCT FROM o.deleted_at)) THEN
      RETURN NULL;
    END IF;
    UPDATE tasks t SET subtask_total = t.subtask_total + d.total, subtask_done = t.subtask_done + d.done
      FROM (SELECT parent_id, sum(total)::int AS total, sum(done)::int AS done
              FROM (SELECT parent_id, 1 AS total, (status = 'Completed')::int AS done
                      FROM new_rows WHERE parent_id IS NOT NULL AND deleted_at IS NULL
                    UNION ALL
                    SELECT parent_id, -1, -((status = 'Completed')::int)
                      FROM old_rows WHERE parent_id IS NOT NULL AND deleted_at IS NULL) c
             GROUP BY parent_id
            HAVING sum(total) <> 0 OR sum(done) <> 0) d
     WHERE t.id = d.parent_id;
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER tasks_subtask_counts_insert AFTER INSERT ON tasks
  REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION task_subtask_counts();--> statement-breakpoint
CREATE TRIGGER tasks_subtask_counts_update AFTER UPDATE ON tasks
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION task_subtask_counts();--> statement-breakpoint
CREATE TRIGGER tasks_subtask_counts_delete AFTER DELETE ON tasks
  REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION task_subtask_counts();--> statement-breakpoint
-- The board and the first pages of lists read relations (a card's blocked mark): a write to them
-- outdates what is cached, as for task_labels (migration 0017).
CREATE TRIGGER task_relations_analytics_version AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON task_relations
  FOR EACH STATEMENT EXECUTE FUNCTION analytics_version_bump();--> statement-breakpoint
ALTER TABLE task_relations ENABLE ALWAYS TRIGGER task_relations_analytics_version;
--> statement-breakpoint
-- A workspace archive restores tasks page by page (modules/archive): a sub-task may come before
-- its parent, so the parent key is checked at commit. ON DELETE SET NULL still acts at once.
ALTER TABLE tasks ALTER CONSTRAINT tasks_parent_id_tasks_id_fk DEFERRABLE INITIALLY DEFERRED;
