ALTER TABLE "products" ADD COLUMN "deleted_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "deleted_by" uuid;--> statement-breakpoint
ALTER TABLE "tasks" ADD COLUMN "deleted_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "tasks" ADD COLUMN "deleted_by" uuid;--> statement-breakpoint
ALTER TABLE "tasks" ADD COLUMN "deleted_with_product" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_deleted_by_users_id_fk" FOREIGN KEY ("deleted_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tasks" ADD CONSTRAINT "tasks_deleted_by_users_id_fk" FOREIGN KEY ("deleted_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "products_trashed_idx" ON "products" USING btree ("deleted_at") WHERE "products"."deleted_at" is not null;--> statement-breakpoint
CREATE INDEX "tasks_trashed_idx" ON "tasks" USING btree ("deleted_at") WHERE "tasks"."deleted_at" is not null;--> statement-breakpoint
-- Hand-written (issue 28, docs/decisions/034-trash.md): the live rows. The app's connections put
-- schema "live" first on their search_path (db/client.ts), so every query of "tasks" or "products"
-- reads and writes these views, which leave out what is in the trash; the tables stay in public,
-- where migrations change them. db/live-views.ts drops them before and rebuilds them after each
-- run of migrations, so that they always carry every column of their table.
CREATE SCHEMA IF NOT EXISTS live;--> statement-breakpoint
CREATE VIEW live.products AS SELECT * FROM public.products WHERE deleted_at IS NULL;--> statement-breakpoint
CREATE VIEW live.tasks AS SELECT * FROM public.tasks WHERE deleted_at IS NULL;
--> statement-breakpoint
-- A product in the trash keeps its key (it may come back, and its tasks' links name it): the key
-- functions of migration 0023 read the tables, never the live views, whatever the caller's path.
ALTER FUNCTION product_key_for(text, uuid) SET search_path = public;
