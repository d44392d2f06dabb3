CREATE TABLE "time_entries" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"task_id" uuid NOT NULL,
	"author_id" uuid,
	"date" date NOT NULL,
	"seconds" integer,
	"note" text DEFAULT '' NOT NULL,
	"source" text DEFAULT 'manual' NOT NULL,
	"started_at" timestamp with time zone,
	"ended_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "time_entries_source" CHECK ("time_entries"."source" in ('timer', 'manual')),
	CONSTRAINT "time_entries_seconds_bounds" CHECK ("time_entries"."seconds" is null or ("time_entries"."seconds" > 0 and "time_entries"."seconds" <= 86400)),
	CONSTRAINT "time_entries_running_shape" CHECK ("time_entries"."seconds" is not null or ("time_entries"."source" = 'timer' and "time_entries"."started_at" is not null and "time_entries"."ended_at" is null)),
	CONSTRAINT "time_entries_note_length" CHECK (char_length("time_entries"."note") <= 500)
);
--> statement-breakpoint
ALTER TABLE "time_entries" ADD CONSTRAINT "time_entries_task_id_tasks_id_fk" FOREIGN KEY ("task_id") REFERENCES "public"."tasks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "time_entries" ADD CONSTRAINT "time_entries_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "time_entries_task_date_idx" ON "time_entries" USING btree ("task_id","date","id");--> statement-breakpoint
CREATE INDEX "time_entries_author_date_idx" ON "time_entries" USING btree ("author_id","date");--> statement-breakpoint
CREATE UNIQUE INDEX "time_entries_one_running_per_author" ON "time_entries" USING btree ("author_id") WHERE "time_entries"."seconds" is null;