CREATE TABLE "notification_digest_items" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"type" text NOT NULL,
	"message" text NOT NULL,
	"metadata" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "notification_settings" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"time_zone" text,
	"preferences" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"last_digest_on" date,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "task_reminders" (
	"task_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"due_date" date NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "task_reminders_task_id_user_id_kind_due_date_pk" PRIMARY KEY("task_id","user_id","kind","due_date"),
	CONSTRAINT "task_reminders_kind_known" CHECK ("task_reminders"."kind" in ('due_soon', 'overdue'))
);
--> statement-breakpoint
ALTER TABLE "notifications" DROP CONSTRAINT "notifications_type_known";--> statement-breakpoint
ALTER TABLE "notification_digest_items" ADD CONSTRAINT "notification_digest_items_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notification_settings" ADD CONSTRAINT "notification_settings_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "task_reminders" ADD CONSTRAINT "task_reminders_task_id_tasks_id_fk" FOREIGN KEY ("task_id") REFERENCES "public"."tasks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "task_reminders" ADD CONSTRAINT "task_reminders_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "notification_digest_items_user_idx" ON "notification_digest_items" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "task_reminders_user_idx" ON "task_reminders" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "tasks_due_open_idx" ON "tasks" USING btree ("due_date") WHERE "tasks"."status" <> 'Completed' and "tasks"."assignee_id" is not null and "tasks"."due_date" is not null;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_type_known" CHECK ("notifications"."type" in ('INVITE', 'INVITE_ACCEPTED', 'TEAM_LEAD', 'REMOVED_FROM_TEAM', 'TASK_ASSIGNED', 'TASK_MENTION', 'TASK_COMMENT', 'TASK_STATUS', 'TASK_DUE_SOON', 'TASK_OVERDUE', 'PRODUCT_STAGE'));