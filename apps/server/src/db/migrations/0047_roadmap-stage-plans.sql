CREATE TABLE "product_stage_plans" (
	"product_id" uuid NOT NULL,
	"stage" text NOT NULL,
	"starts_on" date NOT NULL,
	"ends_on" date NOT NULL,
	"updated_by" uuid,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "product_stage_plans_product_id_stage_pk" PRIMARY KEY("product_id","stage"),
	CONSTRAINT "product_stage_plans_dates_in_order" CHECK ("product_stage_plans"."starts_on" <= "product_stage_plans"."ends_on"),
	CONSTRAINT "product_stage_plans_stage_known" CHECK ("product_stage_plans"."stage" in ('planning', 'development', 'testing', 'production', 'maintenance'))
);
--> statement-breakpoint
ALTER TABLE "product_stage_plans" ADD CONSTRAINT "product_stage_plans_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_stage_plans" ADD CONSTRAINT "product_stage_plans_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "product_stage_plans_updated_by_idx" ON "product_stage_plans" USING btree ("updated_by");