-- Hand-written. The task's checklist counters (tasks.checklist_total / checklist_done) were kept by
-- a ROW trigger (0010): one UPDATE of tasks per checklist item, so an import of 5,000 tasks with
-- 3 items each ran 15,000 UPDATEs. These STATEMENT triggers read the statement's transition
-- tables and update each affected task once per statement, by the sum of its items' changes.
--
-- Why deltas and not a recount. `SET checklist_total = checklist_total + d` takes the task row's
-- lock; when another transaction changed the row first, PostgreSQL waits for it and, under READ
-- COMMITTED, applies the expression again to the newest committed version (EvalPlanQual), so the
-- deltas of concurrent statements add up; under REPEATABLE READ / SERIALIZABLE the second one fails
-- with a serialization error (and is retried) instead of losing an update. A delta counts only the
-- rows its own statement changed, so it is right whatever else is uncommitted, and it goes away
-- with its transaction on rollback. A recount (`SET checklist_total = (SELECT count(*) FROM
-- task_checklist_items WHERE task_id = t.id)`) counts what the statement's snapshot sees: the
-- items of a concurrent uncommitted transaction are invisible to it, and after waiting for the
-- other's row lock only the task row is re-read, not the subquery, so it writes a count missing
-- the other's items (two transactions adding one item each to a task of 0 would leave 1). It
-- would also read all of a task's items where a delta reads only the changed ones.
--
-- PostgreSQL allows transition tables only on single-event triggers without a column list, hence
-- three triggers; the UPDATE one fires on every UPDATE statement (a rename, a move) and does no
-- write when its deltas are all zero. A task deleted in the same transaction (ON DELETE CASCADE:
-- the cascaded DELETE of its items fires the DELETE trigger after the task row is gone) matches
-- no row: the UPDATE changes nothing and does not fail. An item moved to another task (UPDATE of
-- task_id; no route does it) is -1 on its old task and +1 on the new one. Like 0010's trigger,
-- these fire only in the default session_replication_role (origin).
DROP TRIGGER "task_checklist_items_counts" ON "task_checklist_items";--> statement-breakpoint
DROP FUNCTION task_checklist_counts();--> statement-breakpoint
CREATE FUNCTION task_checklist_counts() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    UPDATE tasks t SET checklist_total = t.checklist_total + d.total,
                       checklist_done = t.checklist_done + d.done
      FROM (SELECT task_id, count(*)::int AS total, count(*) FILTER (WHERE done)::int AS done
              FROM new_items GROUP BY task_id) d
     WHERE t.id = d.task_id;
  ELSIF TG_OP = 'DELETE' THEN
    UPDATE tasks t SET checklist_total = t.checklist_total - d.total,
                       checklist_done = t.checklist_done - d.done
      FROM (SELECT task_id, count(*)::int AS total, count(*) FILTER (WHERE done)::int AS done
              FROM old_items GROUP BY task_id) d
     WHERE t.id = d.task_id;
  ELSIF TG_OP = 'UPDATE' THEN
    UPDATE tasks t SET checklist_total = t.checklist_total + d.total,
                       checklist_done = t.checklist_done + d.done
      FROM (SELECT task_id, sum(total)::int AS total, sum(done)::int AS done
              FROM (SELECT task_id, 1 AS total, done::int AS done FROM new_items
                    UNION ALL
                    SELECT task_id, -1, -(done::int) FROM old_items) c
             GROUP BY task_id
            HAVING sum(total) <> 0 OR sum(done) <> 0) d
     WHERE t.id = d.task_id;
  ELSIF TG_OP = 'TRUNCATE' THEN
    UPDATE tasks SET checklist_total = 0, checklist_done = 0
     WHERE checklist_total <> 0 OR checklist_done <> 0;
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER task_checklist_items_counts_insert AFTER INSERT ON task_checklist_items
  REFERENCING NEW TABLE AS new_items
  FOR EACH STATEMENT EXECUTE FUNCTION task_checklist_counts();--> statement-breakpoint
CREATE TRIGGER task_checklist_items_counts_update AFTER UPDATE ON task_checklist_items
  REFERENCING OLD TABLE AS old_items NEW TABLE AS new_items
  FOR EACH STATEMENT EXECUTE FUNCTION task_checklist_counts();--> statement-breakpoint
CREATE TRIGGER task_checklist_items_counts_delete AFTER DELETE ON task_checklist_items
  REFERENCING OLD TABLE AS old_items
  FOR EACH STATEMENT EXECUTE FUNCTION task_checklist_counts();--> statement-breakpoint
CREATE TRIGGER task_checklist_items_counts_truncate AFTER TRUNCATE ON task_checklist_items
  FOR EACH STATEMENT EXECUTE FUNCTION task_checklist_counts();
