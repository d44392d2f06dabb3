-- Hand-written (docs/decisions/041-task-list-tallies.md): the watching and mentioning presets of
-- /tasks are counted per product too. A product's version moves when a transaction commits that
-- watched or unwatched one of its tasks, mentioned someone in a comment on one (or took a mention
-- back), or deleted a comment on one (its mentions go with it, by cascade, and a deferred trigger
-- on them could no longer find the comment's task).
CREATE FUNCTION task_list_bump_mention() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM task_list_bump(t.product_id) FROM task_comments c JOIN tasks t ON t.id = c.task_id
    WHERE c.id = (CASE WHEN TG_OP = 'DELETE' THEN OLD.comment_id ELSE NEW.comment_id END);
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER task_watchers_task_list_version AFTER INSERT OR UPDATE OR DELETE ON task_watchers
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION task_list_bump_task_label();
--> statement-breakpoint
ALTER TABLE task_watchers ENABLE ALWAYS TRIGGER task_watchers_task_list_version;
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER comment_mentions_task_list_version AFTER INSERT OR UPDATE OR DELETE ON comment_mentions
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION task_list_bump_mention();
--> statement-breakpoint
ALTER TABLE comment_mentions ENABLE ALWAYS TRIGGER comment_mentions_task_list_version;
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER task_comments_task_list_version AFTER DELETE ON task_comments
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION task_list_bump_task_label();
--> statement-breakpoint
ALTER TABLE task_comments ENABLE ALWAYS TRIGGER task_comments_task_list_version;
