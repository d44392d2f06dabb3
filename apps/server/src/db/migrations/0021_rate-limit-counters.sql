-- UNLOGGED (edited by hand; Drizzle cannot say it): the rate limiter's counters write no WAL and
-- are emptied by a crash, which forgets counts as a restart of an in-memory store does. Room is
-- left on each page so that a counter's update stays on its page (HOT): no index is touched.
CREATE UNLOGGED TABLE "rate_limit_counters" (
	"key" text PRIMARY KEY NOT NULL,
	"hits" integer NOT NULL,
	"expires_at_ms" bigint NOT NULL
) WITH (fillfactor = 70);
