CREATE TABLE "chat_destinations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"product_id" uuid NOT NULL,
	"name" text NOT NULL,
	"kind" text NOT NULL,
	"url_encrypted" text NOT NULL,
	"url_host" text NOT NULL,
	"events" text[] NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "chat_destinations_name_not_blank" CHECK (btrim("chat_destinations"."name") <> ''),
	CONSTRAINT "chat_destinations_kind_known" CHECK ("chat_destinations"."kind" in ('slack', 'teams', 'discord', 'mattermost', 'googlechat', 'ntfy', 'matrix')),
	CONSTRAINT "chat_destinations_events_known" CHECK ("chat_destinations"."events" <@ array['created', 'status', 'comment', 'mention', 'due_soon', 'stage']::text[])
);
--> statement-breakpoint
CREATE TABLE "chat_due_notices" (
	"task_id" uuid NOT NULL,
	"due_date" date NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "chat_due_notices_task_id_due_date_pk" PRIMARY KEY("task_id","due_date")
);
--> statement-breakpoint
ALTER TABLE "webhook_deliveries" ALTER COLUMN "service_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "webhook_deliveries" ADD COLUMN "chat_destination_id" uuid;--> statement-breakpoint
ALTER TABLE "chat_destinations" ADD CONSTRAINT "chat_destinations_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_destinations" ADD CONSTRAINT "chat_destinations_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_due_notices" ADD CONSTRAINT "chat_due_notices_task_id_tasks_id_fk" FOREIGN KEY ("task_id") REFERENCES "public"."tasks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "chat_destinations_product_idx" ON "chat_destinations" USING btree ("product_id","created_at");--> statement-breakpoint
ALTER TABLE "webhook_deliveries" ADD CONSTRAINT "webhook_deliveries_chat_destination_id_chat_destinations_id_fk" FOREIGN KEY ("chat_destination_id") REFERENCES "public"."chat_destinations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "webhook_deliveries_chat_idx" ON "webhook_deliveries" USING btree ("chat_destination_id","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
ALTER TABLE "webhook_deliveries" ADD CONSTRAINT "webhook_deliveries_one_target" CHECK (num_nonnulls("webhook_deliveries"."service_id", "webhook_deliveries"."chat_destination_id") = 1);