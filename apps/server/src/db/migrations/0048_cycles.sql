CREATE TABLE "cycle_scope_events" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"cycle_id" uuid NOT NULL,
	"task_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"reason" text DEFAULT 'manual' NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"actor_id" uuid,
	CONSTRAINT "cycle_scope_events_kind" CHECK ("cycle_scope_events"."kind" in ('added', 'removed')),
	CONSTRAINT "cycle_scope_events_reason" CHECK ("cycle_scope_events"."reason" in ('manual', 'rollover'))
);
--> statement-breakpoint
CREATE TABLE "cycle_tasks" (
	"task_id" uuid PRIMARY KEY NOT NULL,
	"cycle_id" uuid NOT NULL,
	"added_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "cycles" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"product_id" uuid NOT NULL,
	"name" text NOT NULL,
	"starts_on" date NOT NULL,
	"ends_on" date NOT NULL,
	"time_zone" text DEFAULT 'UTC' NOT NULL,
	"completed_at" timestamp with time zone,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "cycles_dates_in_order" CHECK ("cycles"."starts_on" <= "cycles"."ends_on"),
	CONSTRAINT "cycles_name_length" CHECK (char_length("cycles"."name") between 1 and 80)
);
--> statement-breakpoint
CREATE TABLE "product_cycle_settings" (
	"product_id" uuid PRIMARY KEY NOT NULL,
	"roll_over" boolean DEFAULT true NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "cycle_scope_events" ADD CONSTRAINT "cycle_scope_events_cycle_id_cycles_id_fk" FOREIGN KEY ("cycle_id") REFERENCES "public"."cycles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cycle_scope_events" ADD CONSTRAINT "cycle_scope_events_task_id_tasks_id_fk" FOREIGN KEY ("task_id") REFERENCES "public"."tasks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cycle_scope_events" ADD CONSTRAINT "cycle_scope_events_actor_id_users_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cycle_tasks" ADD CONSTRAINT "cycle_tasks_task_id_tasks_id_fk" FOREIGN KEY ("task_id") REFERENCES "public"."tasks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cycle_tasks" ADD CONSTRAINT "cycle_tasks_cycle_id_cycles_id_fk" FOREIGN KEY ("cycle_id") REFERENCES "public"."cycles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cycles" ADD CONSTRAINT "cycles_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cycles" ADD CONSTRAINT "cycles_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_cycle_settings" ADD CONSTRAINT "product_cycle_settings_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "cycle_scope_events_cycle_at_idx" ON "cycle_scope_events" USING btree ("cycle_id","at");--> statement-breakpoint
CREATE INDEX "cycle_scope_events_task_idx" ON "cycle_scope_events" USING btree ("task_id");--> statement-breakpoint
CREATE INDEX "cycle_scope_events_actor_idx" ON "cycle_scope_events" USING btree ("actor_id");--> statement-breakpoint
CREATE INDEX "cycle_tasks_cycle_idx" ON "cycle_tasks" USING btree ("cycle_id");--> statement-breakpoint
CREATE INDEX "cycles_product_starts_idx" ON "cycles" USING btree ("product_id","starts_on");--> statement-breakpoint
CREATE INDEX "cycles_open_ends_idx" ON "cycles" USING btree ("ends_on") WHERE "cycles"."completed_at" is null;--> statement-breakpoint
CREATE INDEX "cycles_created_by_idx" ON "cycles" USING btree ("created_by");