ALTER TABLE "products" ADD COLUMN "stage_entered_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
CREATE INDEX "activities_stage_entries_idx" ON "activities" USING btree ("product_id","created_at") WHERE "activities"."action_type" in ('status_changed', 'prd_created', 'product_created', 'stage_gate_refused', 'stage_gate_overridden', 'stage_gate_passed') or ("activities"."action_type" = 'product_updated' and ("activities"."metadata" ? 'newStatus' or "activities"."metadata"->'changes' ? 'status'));--> statement-breakpoint
CREATE INDEX "activities_task_moves_idx" ON "activities" USING btree ("product_id","created_at") WHERE "activities"."action_type" in ('task_status_updated', 'task_completed');--> statement-breakpoint
-- Issue 32 (docs/decisions/060-stage-history-and-lifecycle-reports.md): when each product entered its
-- current stage, from its newest stage move in the activity (the board's `status_changed`, the edit
-- form's `product_updated` with a new status), else its creation.
UPDATE products p SET stage_entered_at = coalesce((
  SELECT max(a.created_at) FROM activities a
  WHERE a.product_id = p.id
    AND (a.action_type = 'status_changed' OR (a.action_type = 'product_updated' AND (a.metadata ? 'newStatus' OR a.metadata->'changes' ? 'status')))
), p.created_at);--> statement-breakpoint
-- Every path that changes a product's stage (board, edit form, import, template, a script) keeps it.
CREATE OR REPLACE FUNCTION products_stage_entered() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.status IS DISTINCT FROM OLD.status THEN
    NEW.stage_entered_at := now();
  END IF;
  RETURN NEW;
END $$;--> statement-breakpoint
CREATE TRIGGER products_stage_entered BEFORE UPDATE OF status ON products
  FOR EACH ROW EXECUTE FUNCTION products_stage_entered();--> statement-breakpoint
ALTER TABLE products ENABLE ALWAYS TRIGGER products_stage_entered;
