CREATE TABLE "saved_view_pins" (
	"user_id" uuid NOT NULL,
	"view_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "saved_view_pins_user_id_view_id_pk" PRIMARY KEY("user_id","view_id")
);
--> statement-breakpoint
CREATE TABLE "saved_views" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"owner_id" uuid NOT NULL,
	"name" text NOT NULL,
	"query" text DEFAULT '' NOT NULL,
	"display" jsonb NOT NULL,
	"scope" text DEFAULT 'personal' NOT NULL,
	"product_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "saved_views_scope_product" CHECK (("saved_views"."scope" = 'shared') = ("saved_views"."product_id" is not null)),
	CONSTRAINT "saved_views_name_length" CHECK (char_length("saved_views"."name") between 1 and 80),
	CONSTRAINT "saved_views_query_length" CHECK (char_length("saved_views"."query") <= 2000)
);
--> statement-breakpoint
ALTER TABLE "saved_view_pins" ADD CONSTRAINT "saved_view_pins_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "saved_view_pins" ADD CONSTRAINT "saved_view_pins_view_id_saved_views_id_fk" FOREIGN KEY ("view_id") REFERENCES "public"."saved_views"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "saved_views" ADD CONSTRAINT "saved_views_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "saved_views" ADD CONSTRAINT "saved_views_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "saved_view_pins_view_idx" ON "saved_view_pins" USING btree ("view_id");--> statement-breakpoint
CREATE INDEX "saved_views_owner_idx" ON "saved_views" USING btree ("owner_id");--> statement-breakpoint
CREATE INDEX "saved_views_product_idx" ON "saved_views" USING btree ("product_id");