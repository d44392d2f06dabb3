CREATE TABLE "custom_fields" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"product_id" uuid NOT NULL,
	"name" text NOT NULL,
	"type" text NOT NULL,
	"options" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"show_on_cards" boolean DEFAULT false NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "custom_fields_name_not_blank" CHECK (btrim("custom_fields"."name") <> ''),
	CONSTRAINT "custom_fields_type_known" CHECK ("custom_fields"."type" in ('text', 'number', 'date', 'select', 'multi_select', 'person', 'url', 'checkbox'))
);
--> statement-breakpoint
ALTER TABLE "tasks" ADD COLUMN "fields" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "custom_fields" ADD CONSTRAINT "custom_fields_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "custom_fields_product_name_key" ON "custom_fields" USING btree ("product_id",lower("name"));--> statement-breakpoint
CREATE INDEX "custom_fields_product_position_idx" ON "custom_fields" USING btree ("product_id","position");--> statement-breakpoint
CREATE INDEX "tasks_fields_idx" ON "tasks" USING gin ("fields");--> statement-breakpoint
-- Hand-written (docs/decisions/037-custom-fields.md). The board (shared between viewers through
-- lib/fresh-cache.ts) reads the product's fields shown on cards: every statement that writes
-- custom_fields bumps analytics_version, as labels do (migration 0017).
CREATE TRIGGER custom_fields_analytics_version AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON custom_fields
  FOR EACH STATEMENT EXECUTE FUNCTION analytics_version_bump();
--> statement-breakpoint
ALTER TABLE custom_fields ENABLE ALWAYS TRIGGER custom_fields_analytics_version;
--> statement-breakpoint
-- A field deleted takes its values from every task of its product, and a select option removed
-- takes its value from every task that has it: trashed tasks too (public.tasks), so a restore
-- brings back no value of a field or option that is gone.
CREATE FUNCTION custom_fields_prune() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  k text := OLD.id::text;
  keep jsonb;
BEGIN
  IF TG_OP = 'DELETE' THEN
    UPDATE public.tasks SET fields = fields - k WHERE product_id = OLD.product_id AND fields ? k;
    RETURN OLD;
  END IF;
  IF NEW.type NOT IN ('select', 'multi_select') THEN
    RETURN NEW;
  END IF;
  keep := (SELECT coalesce(jsonb_agg(o -> 'id'), '[]'::jsonb) FROM jsonb_array_elements(NEW.options) o);
  UPDATE public.tasks t
  SET fields = CASE
    WHEN kept.v IS NULL OR kept.v = '[]'::jsonb THEN t.fields - k
    ELSE jsonb_set(t.fields, ARRAY[k], kept.v)
  END
  FROM public.tasks s
  CROSS JOIN LATERAL (
    SELECT CASE
      WHEN jsonb_typeof(s.fields -> k) = 'array' THEN
        (SELECT jsonb_agg(e) FROM jsonb_array_elements(s.fields -> k) e WHERE keep @> jsonb_build_array(e))
      WHEN keep @> jsonb_build_array(s.fields -> k) THEN s.fields -> k
    END AS v
  ) kept
  WHERE s.id = t.id
    AND s.product_id = NEW.product_id
    AND s.fields ? k
    AND NOT keep @> CASE
      WHEN jsonb_typeof(s.fields -> k) = 'array' THEN s.fields -> k
      ELSE jsonb_build_array(s.fields -> k)
    END;
  RETURN NEW;
END
$$;
--> statement-breakpoint
CREATE TRIGGER custom_fields_prune AFTER DELETE OR UPDATE OF options ON custom_fields
  FOR EACH ROW EXECUTE FUNCTION custom_fields_prune();
--> statement-breakpoint
-- Search (decision 015) finds tasks by their custom fields' text too (issue 29): the string values
-- of `fields` join the task's words at weight C. (Option and person ids are strings as well: random
-- tokens nobody types.) A generated column's expression cannot change in place: dropped and added.
-- The live view (decision 034) pins the column: dropped first, made again at the end.
DROP VIEW IF EXISTS live.tasks;--> statement-breakpoint
DROP INDEX IF EXISTS "tasks_search_idx";--> statement-breakpoint
ALTER TABLE "tasks" DROP COLUMN "search_vector";--> statement-breakpoint
ALTER TABLE "tasks" ADD COLUMN "search_vector" tsvector GENERATED ALWAYS AS (
  setweight(to_tsvector('simple'::regconfig, "title"), 'A') || setweight(to_tsvector('simple'::regconfig, "description"), 'B')
  || setweight(jsonb_to_tsvector('simple'::regconfig, "fields", '["string"]'), 'C')
) STORED;--> statement-breakpoint
CREATE INDEX "tasks_search_idx" ON "tasks" USING gin ("search_vector");--> statement-breakpoint
CREATE VIEW live.tasks AS SELECT * FROM public.tasks WHERE deleted_at IS NULL;
