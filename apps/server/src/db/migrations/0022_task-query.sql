CREATE INDEX "labels_name_idx" ON "labels" USING btree (lower("name"));--> statement-breakpoint
CREATE INDEX "tasks_updated_idx" ON "tasks" USING btree ("updated_at","id");--> statement-breakpoint
CREATE INDEX "tasks_product_query_idx" ON "tasks" USING btree ("product_id","status","priority","due_date","assignee_id","created_by","team_id","created_at","updated_at","id","title");--> statement-breakpoint
CREATE INDEX "tasks_due_sort_idx" ON "tasks" USING btree (coalesce("due_date", 'infinity'::date),"id");--> statement-breakpoint
CREATE INDEX "tasks_due_desc_sort_idx" ON "tasks" USING btree (coalesce("due_date", '-infinity'::date),"id");--> statement-breakpoint
CREATE INDEX "tasks_priority_sort_idx" ON "tasks" USING btree ((case "priority" when 'critical' then 4 when 'high' then 3 when 'medium' then 2 else 1 end),"id");--> statement-breakpoint
CREATE INDEX "tasks_title_sort_idx" ON "tasks" USING btree (lower("title"),"id");