DROP INDEX "activities_reopened_idx";--> statement-breakpoint
ALTER TABLE "activities" ADD COLUMN "source" text DEFAULT 'server' NOT NULL;--> statement-breakpoint
-- Backfill: before issue 13 #9 any member could post a task status entry. One the server wrote
-- always names its task (task_id, or metadata.taskId once the task was deleted); one without
-- either was posted by a client and must not count as a reopening.
UPDATE "activities" SET "source" = 'client' WHERE "action_type" IN ('task_status_updated', 'task_completed') AND "task_id" IS NULL AND "metadata"->>'taskId' IS NULL;--> statement-breakpoint
-- Entries posted before metadata was capped (4 KB from a client, issue 13 #4) may hold megabytes
-- that every timeline read ships. The server never writes more than a few KB, so metadata over
-- 64 KB can only be such an entry's: it is replaced by a marker.
UPDATE "activities" SET "metadata" = '{"truncated": true}'::jsonb WHERE octet_length("metadata"::text) > 65536;--> statement-breakpoint
CREATE INDEX "activities_reopened_idx" ON "activities" USING btree ("created_at") WHERE "activities"."action_type" = 'task_status_updated' and "activities"."metadata"->>'previousStatus' = 'Completed' and "activities"."source" = 'server';--> statement-breakpoint
ALTER TABLE "activities" ADD CONSTRAINT "activities_source_check" CHECK ("activities"."source" in ('server', 'client'));