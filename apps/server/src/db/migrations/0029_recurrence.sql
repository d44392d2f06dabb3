CREATE TABLE "task_occurrences" (
	"series_id" uuid NOT NULL,
	"occurs_on" date NOT NULL,
	"task_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "task_occurrences_series_id_occurs_on_pk" PRIMARY KEY("series_id","occurs_on")
);
--> statement-breakpoint
CREATE TABLE "task_series" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"product_id" uuid NOT NULL,
	"rule" text NOT NULL,
	"starts_on" date NOT NULL,
	"time_zone" text NOT NULL,
	"mode" text NOT NULL,
	"next_on" date,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "task_series_mode_known" CHECK ("task_series"."mode" in ('completed', 'schedule')),
	CONSTRAINT "task_series_rule_length" CHECK (char_length("task_series"."rule") between 1 and 200)
);
--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "recurrence" text;--> statement-breakpoint
ALTER TABLE "tasks" ADD COLUMN "series_id" uuid;--> statement-breakpoint
ALTER TABLE "task_occurrences" ADD CONSTRAINT "task_occurrences_series_id_task_series_id_fk" FOREIGN KEY ("series_id") REFERENCES "public"."task_series"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "task_occurrences" ADD CONSTRAINT "task_occurrences_task_id_tasks_id_fk" FOREIGN KEY ("task_id") REFERENCES "public"."tasks"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "task_series" ADD CONSTRAINT "task_series_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "task_series" ADD CONSTRAINT "task_series_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "task_occurrences_task_idx" ON "task_occurrences" USING btree ("task_id");--> statement-breakpoint
CREATE INDEX "task_series_product_idx" ON "task_series" USING btree ("product_id");--> statement-breakpoint
CREATE INDEX "events_recurring_idx" ON "events" USING btree ("date") WHERE "events"."recurrence" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "tasks_series_key" ON "tasks" USING btree ("series_id") WHERE "tasks"."series_id" is not null;--> statement-breakpoint
-- Stopping a series deletes it: its live occurrence then no longer repeats.
ALTER TABLE "tasks" ADD CONSTRAINT "tasks_series_id_task_series_id_fk" FOREIGN KEY ("series_id") REFERENCES "public"."task_series"("id") ON DELETE set null ON UPDATE no action;
