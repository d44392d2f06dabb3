DROP INDEX "tasks_due_idx";--> statement-breakpoint
DROP INDEX "tasks_assignee_due_idx";--> statement-breakpoint
CREATE INDEX "tasks_due_idx" ON "tasks" USING btree ("due_date","id") WHERE "tasks"."due_date" is not null and "tasks"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "tasks_assignee_due_idx" ON "tasks" USING btree ("assignee_id","due_date","id") WHERE "tasks"."due_date" is not null and "tasks"."deleted_at" is null;