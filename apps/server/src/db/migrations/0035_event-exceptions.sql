CREATE TABLE "event_exceptions" (
	"event_id" uuid NOT NULL,
	"occurs_on" date NOT NULL,
	"cancelled" boolean DEFAULT false NOT NULL,
	"override" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "event_exceptions_event_id_occurs_on_pk" PRIMARY KEY("event_id","occurs_on")
);
--> statement-breakpoint
ALTER TABLE "event_exceptions" ADD CONSTRAINT "event_exceptions_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;