CREATE TABLE "workflow_states" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"product_id" uuid NOT NULL,
	"name" text NOT NULL,
	"color" text NOT NULL,
	"category" text NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "workflow_states_name_not_blank" CHECK (btrim("workflow_states"."name") <> ''),
	CONSTRAINT "workflow_states_color_hex" CHECK ("workflow_states"."color" ~ '^#[0-9a-f]{6}$'),
	CONSTRAINT "workflow_states_category_known" CHECK ("workflow_states"."category" in ('Pending', 'In Progress', 'Completed'))
);
--> statement-breakpoint
DROP INDEX "tasks_product_status_rank_idx";--> statement-breakpoint
ALTER TABLE "tasks" ADD COLUMN "state_id" uuid;--> statement-breakpoint
ALTER TABLE "workflow_states" ADD CONSTRAINT "workflow_states_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "workflow_states_product_name_key" ON "workflow_states" USING btree ("product_id",lower("name"));--> statement-breakpoint
CREATE INDEX "workflow_states_product_category_idx" ON "workflow_states" USING btree ("product_id","category","position","id");--> statement-breakpoint
ALTER TABLE "tasks" ADD CONSTRAINT "tasks_state_id_workflow_states_id_fk" FOREIGN KEY ("state_id") REFERENCES "public"."workflow_states"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "tasks_product_state_rank_idx" ON "tasks" USING btree ("product_id","state_id","rank","id");--> statement-breakpoint
CREATE INDEX "tasks_state_idx" ON "tasks" USING btree ("state_id");--> statement-breakpoint
-- Issue 29, workflow states (docs/decisions/036-workflow-states.md). Hand-written below drizzle's.
-- Every product, trashed ones too, gets the three states, and every task the state of its status.
INSERT INTO workflow_states (product_id, name, color, category, position)
SELECT p.id, d.name, d.color, d.name, d.position
FROM products p
CROSS JOIN (VALUES ('Pending', '#64748b', 0), ('In Progress', '#3b82f6', 1), ('Completed', '#22c55e', 2))
  AS d(name, color, position);
--> statement-breakpoint
UPDATE tasks SET state_id = s.id FROM workflow_states s
WHERE s.product_id = tasks.product_id AND s.category = tasks.status;
--> statement-breakpoint
-- A new product starts with the three states, whichever path inserts it (the API, the demo, an
-- import). A workspace restore (modules/archive) brings the products' own states instead.
CREATE FUNCTION products_default_states() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF coalesce(current_setting('shipyard.restoring', true), '') = 'on' THEN RETURN NULL; END IF;
  INSERT INTO public.workflow_states (product_id, name, color, category, position)
  VALUES (NEW.id, 'Pending', '#64748b', 'Pending', 0),
         (NEW.id, 'In Progress', '#3b82f6', 'In Progress', 1),
         (NEW.id, 'Completed', '#22c55e', 'Completed', 2);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER products_default_states AFTER INSERT ON products
  FOR EACH ROW EXECUTE FUNCTION products_default_states();
--> statement-breakpoint
-- The first state of a category in a product (by position), or null when it has none.
CREATE FUNCTION workflow_first_state(p uuid, c text) RETURNS uuid LANGUAGE sql STABLE AS $$
  SELECT s.id FROM public.workflow_states s WHERE s.product_id = p AND s.category = c
  ORDER BY s.position, s.id LIMIT 1
$$;
--> statement-breakpoint
-- A task's state and status stay consistent, whichever path writes (create, edit, board move, an
-- API status patch, the importer, the demo, a move to another product):
-- - a new or changed state_id sets status to its category (it must be a state of the task's product);
-- - a changed status without a state change, or an insert without a state, takes the first state
--   of that category in the product;
-- - a move to another product takes the first state of the same category there;
-- - a state_id set to null (its state deleted) takes the first state of the status's category.
-- A state change without a new rank puts the task on top of its new column (rank '': the rank
-- trigger, which runs after this one: triggers fire in name order).
CREATE FUNCTION tasks_keep_state() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  s_product uuid;
  s_category text;
  given_status text := NEW.status;
BEGIN
  IF TG_OP = 'UPDATE' AND NEW.state_id IS NOT DISTINCT FROM OLD.state_id AND NEW.state_id IS NOT NULL THEN
    IF NEW.product_id <> OLD.product_id OR NEW.status <> OLD.status THEN
      NEW.state_id := workflow_first_state(NEW.product_id, NEW.status);
    ELSE
      RETURN NEW;
    END IF;
  ELSIF NEW.state_id IS NULL THEN
    NEW.state_id := workflow_first_state(NEW.product_id, NEW.status);
  ELSE
    SELECT s.product_id, s.category INTO s_product, s_category FROM public.workflow_states s WHERE s.id = NEW.state_id;
    IF s_product IS DISTINCT FROM NEW.product_id THEN
      RAISE EXCEPTION 'workflow state % is not a state of product %', NEW.state_id, NEW.product_id
        USING ERRCODE = 'foreign_key_violation', CONSTRAINT = 'tasks_state_of_product';
    END IF;
    NEW.status := s_category;
    IF NEW.status <> given_status THEN
      NEW.completed_at := CASE WHEN NEW.status = 'Completed' THEN coalesce(NEW.completed_at, now()) END;
    END IF;
  END IF;
  IF TG_OP = 'UPDATE' AND NEW.state_id IS DISTINCT FROM OLD.state_id AND NEW.rank = OLD.rank THEN
    NEW.rank := '';
  END IF;
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE TRIGGER tasks_keep_state BEFORE INSERT OR UPDATE OF state_id, status, product_id ON tasks
  FOR EACH ROW EXECUTE FUNCTION tasks_keep_state();
--> statement-breakpoint
-- A board column is a product's state now (issue 29): the rank trigger of 0024 puts a new card on
-- top of (product, state), under that column's lock, which the move route takes too.
CREATE OR REPLACE FUNCTION tasks_rank_on_top() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.rank = '' THEN
    PERFORM pg_advisory_xact_lock(28, hashtext(NEW.product_id::text || ':' || coalesce(NEW.state_id::text, NEW.status)) & 1023);
    NEW.rank := rank_before((SELECT min(t.rank) FROM tasks t
      WHERE t.product_id = NEW.product_id AND t.state_id = NEW.state_id AND t.rank <> '' AND t.id <> NEW.id));
  END IF;
  RETURN NEW;
END $$;
--> statement-breakpoint
DROP TRIGGER tasks_rank_on_top ON tasks;
--> statement-breakpoint
CREATE TRIGGER tasks_rank_on_top BEFORE INSERT OR UPDATE OF rank, state_id, status, product_id ON tasks
  FOR EACH ROW EXECUTE FUNCTION tasks_rank_on_top();
--> statement-breakpoint
-- The board is shared between viewers until a write outdates it (decision 023): its columns are
-- the product's states, so writing them bumps analytics_version as the other tables do (0014, 0017).
CREATE TRIGGER workflow_states_analytics_version AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON workflow_states
  FOR EACH STATEMENT EXECUTE FUNCTION analytics_version_bump();
--> statement-breakpoint
ALTER TABLE workflow_states ENABLE ALWAYS TRIGGER workflow_states_analytics_version;
