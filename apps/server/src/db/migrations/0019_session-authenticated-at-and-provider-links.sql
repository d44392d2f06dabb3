ALTER TABLE "oidc_logins" ADD COLUMN "link_session_id" uuid;--> statement-breakpoint
ALTER TABLE "sessions" ADD COLUMN "authenticated_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "oidc_logins" ADD CONSTRAINT "oidc_logins_link_session_id_sessions_id_fk" FOREIGN KEY ("link_session_id") REFERENCES "public"."sessions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- Hand-written: a session opened before this migration proved its person when it signed in, not now.
UPDATE "sessions" SET "authenticated_at" = "created_at";
