-- Hand-written (docs/decisions/030-task-query.md, "Watching and mentioning shared too"): the
-- watching and mentioning presets of /tasks and of the board read task_watchers and
-- comment_mentions, so every statement that writes either bumps analytics_version as migration
-- 0014 does for tasks: their first pages are then shared through lib/fresh-cache.ts like every
-- other list's. A comment deleted takes its mentions with it by cascade, whose delete fires the
-- comment_mentions trigger too.
CREATE TRIGGER task_watchers_analytics_version AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON task_watchers
  FOR EACH STATEMENT EXECUTE FUNCTION analytics_version_bump();
--> statement-breakpoint
ALTER TABLE task_watchers ENABLE ALWAYS TRIGGER task_watchers_analytics_version;
--> statement-breakpoint
CREATE TRIGGER comment_mentions_analytics_version AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON comment_mentions
  FOR EACH STATEMENT EXECUTE FUNCTION analytics_version_bump();
--> statement-breakpoint
ALTER TABLE comment_mentions ENABLE ALWAYS TRIGGER comment_mentions_analytics_version;
