DROP INDEX "tasks_created_by_idx";--> statement-breakpoint
CREATE INDEX "tasks_assignee_created_idx" ON "tasks" USING btree ("assignee_id","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "tasks_created_by_idx" ON "tasks" USING btree ("created_by","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);