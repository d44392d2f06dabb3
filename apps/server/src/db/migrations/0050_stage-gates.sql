CREATE TABLE "product_gate_marks" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"product_id" uuid NOT NULL,
	"stage" text NOT NULL,
	"criterion_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"user_id" uuid,
	"comment" text,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "product_gate_marks_stage_known" CHECK ("product_gate_marks"."stage" in ('planning', 'development', 'testing', 'production', 'maintenance')),
	CONSTRAINT "product_gate_marks_kind_known" CHECK ("product_gate_marks"."kind" in ('confirmed', 'requested', 'approved', 'rejected')),
	CONSTRAINT "product_gate_marks_comment_size" CHECK (char_length("product_gate_marks"."comment") <= 1000)
);
--> statement-breakpoint
CREATE TABLE "product_stage_gates" (
	"product_id" uuid NOT NULL,
	"stage" text NOT NULL,
	"criteria" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"updated_by" uuid,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "product_stage_gates_product_id_stage_pk" PRIMARY KEY("product_id","stage"),
	CONSTRAINT "product_stage_gates_stage_known" CHECK ("product_stage_gates"."stage" in ('planning', 'development', 'testing', 'production', 'maintenance'))
);
--> statement-breakpoint
CREATE TABLE "workspace_stage_gates" (
	"stage" text PRIMARY KEY NOT NULL,
	"criteria" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"updated_by" uuid,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "workspace_stage_gates_stage_known" CHECK ("workspace_stage_gates"."stage" in ('planning', 'development', 'testing', 'production', 'maintenance'))
);
--> statement-breakpoint
ALTER TABLE "product_gate_marks" ADD CONSTRAINT "product_gate_marks_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_gate_marks" ADD CONSTRAINT "product_gate_marks_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_stage_gates" ADD CONSTRAINT "product_stage_gates_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_stage_gates" ADD CONSTRAINT "product_stage_gates_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "workspace_stage_gates" ADD CONSTRAINT "workspace_stage_gates_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "product_gate_marks_product_stage_idx" ON "product_gate_marks" USING btree ("product_id","stage","at");--> statement-breakpoint
CREATE INDEX "product_gate_marks_user_idx" ON "product_gate_marks" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "product_stage_gates_updated_by_idx" ON "product_stage_gates" USING btree ("updated_by");