CREATE TABLE "events" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"title" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"date" date NOT NULL,
	"start_time" time,
	"type" text NOT NULL,
	"status" text NOT NULL,
	"meeting_link" text,
	"participants" text[] DEFAULT '{}'::text[] NOT NULL,
	"product_id" uuid,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "events_title_length" CHECK (char_length(btrim("events"."title")) between 1 and 100),
	CONSTRAINT "events_description_length" CHECK (char_length("events"."description") <= 500),
	CONSTRAINT "events_type_known" CHECK ("events"."type" in ('meeting', 'milestone', 'review', 'workshop', 'other')),
	CONSTRAINT "events_status_known" CHECK ("events"."status" in ('Planning', 'Development', 'Testing', 'Production', 'In Progress', 'Completed', 'Cancelled'))
);
--> statement-breakpoint
CREATE TABLE "service_products" (
	"service_id" uuid NOT NULL,
	"product_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "service_products_service_id_product_id_pk" PRIMARY KEY("service_id","product_id")
);
--> statement-breakpoint
CREATE TABLE "services" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"category" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"integration_type" text NOT NULL,
	"status" text DEFAULT 'Active' NOT NULL,
	"api_key_encrypted" text,
	"api_key_last4" text,
	"webhook_url" text,
	"webhook_secret_encrypted" text,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "services_name_not_blank" CHECK (btrim("services"."name") <> ''),
	CONSTRAINT "services_category_known" CHECK ("services"."category" in ('Development', 'Infrastructure', 'Communication', 'Project Management', 'Analytics', 'Monitoring', 'Payment')),
	CONSTRAINT "services_integration_known" CHECK ("services"."integration_type" in ('Direct API', 'SDK', 'Webhook', 'Script Integration', 'Agent')),
	CONSTRAINT "services_status_known" CHECK ("services"."status" in ('Active', 'Inactive', 'Pending'))
);
--> statement-breakpoint
CREATE TABLE "webhook_deliveries" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"service_id" uuid NOT NULL,
	"event_type" text NOT NULL,
	"payload" jsonb NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_status_code" integer,
	"last_error" text,
	"delivered_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "webhook_deliveries_status_known" CHECK ("webhook_deliveries"."status" in ('pending', 'delivered', 'failed'))
);
--> statement-breakpoint
ALTER TABLE "events" ADD CONSTRAINT "events_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "events" ADD CONSTRAINT "events_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "service_products" ADD CONSTRAINT "service_products_service_id_services_id_fk" FOREIGN KEY ("service_id") REFERENCES "public"."services"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "service_products" ADD CONSTRAINT "service_products_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "services" ADD CONSTRAINT "services_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "webhook_deliveries" ADD CONSTRAINT "webhook_deliveries_service_id_services_id_fk" FOREIGN KEY ("service_id") REFERENCES "public"."services"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "events_date_idx" ON "events" USING btree ("date","start_time");--> statement-breakpoint
CREATE INDEX "events_product_date_idx" ON "events" USING btree ("product_id","date");--> statement-breakpoint
CREATE INDEX "events_created_by_idx" ON "events" USING btree ("created_by","date");--> statement-breakpoint
CREATE INDEX "events_participants_idx" ON "events" USING gin ("participants");--> statement-breakpoint
CREATE INDEX "service_products_product_idx" ON "service_products" USING btree ("product_id");--> statement-breakpoint
CREATE INDEX "services_category_idx" ON "services" USING btree ("category","name");--> statement-breakpoint
CREATE INDEX "services_created_by_idx" ON "services" USING btree ("created_by");--> statement-breakpoint
CREATE INDEX "webhook_deliveries_due_idx" ON "webhook_deliveries" USING btree ("next_attempt_at") WHERE "webhook_deliveries"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "webhook_deliveries_service_idx" ON "webhook_deliveries" USING btree ("service_id","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);