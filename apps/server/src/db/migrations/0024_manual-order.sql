ALTER TABLE "products" ADD COLUMN "rank" text COLLATE "C" DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "tasks" ADD COLUMN "rank" text COLLATE "C" DEFAULT '' NOT NULL;--> statement-breakpoint
CREATE INDEX "products_status_rank_idx" ON "products" USING btree ("status","rank","id");--> statement-breakpoint
CREATE INDEX "tasks_product_status_rank_idx" ON "tasks" USING btree ("product_id","status","rank","id");--> statement-breakpoint
CREATE INDEX "tasks_rank_sort_idx" ON "tasks" USING btree ("rank","id");--> statement-breakpoint
-- Issue 28, manual order (docs/decisions/033-manual-order.md). Hand-written below drizzle's statements.
-- rank_before(k): the fractional-indexing key just above `k` (the library's generateKeyBetween(null, k),
-- base 62), or 'a0' for an empty column. Compares characters by their codes, whatever the collation.
CREATE FUNCTION rank_before(k text) RETURNS text LANGUAGE plpgsql IMMUTABLE AS $$
DECLARE
  digits constant text := '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';
  head text;
  n int;
  digs text;
  i int;
  d int;
  borrow boolean := true;
BEGIN
  IF k IS NULL OR k = '' THEN RETURN 'a0'; END IF;
  head := substr(k, 1, 1);
  IF ascii(head) BETWEEN ascii('a') AND ascii('z') THEN n := ascii(head) - ascii('a') + 2;
  ELSIF ascii(head) BETWEEN ascii('A') AND ascii('Z') THEN n := ascii('Z') - ascii(head) + 2;
  ELSE RAISE EXCEPTION 'invalid rank %', k;
  END IF;
  -- A key with a fractional part: its integer part alone sorts before it.
  IF length(k) > n THEN RETURN substr(k, 1, n); END IF;
  digs := substr(k, 2, n - 1);
  i := length(digs);
  WHILE borrow AND i >= 1 LOOP
    d := strpos(digits, substr(digs, i, 1)) - 2;
    IF d = -1 THEN
      digs := overlay(digs PLACING 'z' FROM i FOR 1);
    ELSE
      digs := overlay(digs PLACING substr(digits, d + 1, 1) FROM i FOR 1);
      borrow := false;
    END IF;
    i := i - 1;
  END LOOP;
  IF NOT borrow THEN RETURN head || digs; END IF;
  IF head = 'a' THEN RETURN 'Zz'; END IF;
  IF head = 'A' THEN RAISE EXCEPTION 'rank % has no key before it', k; END IF;
  head := chr(ascii(head) - 1);
  IF ascii(head) < ascii('Z') THEN digs := digs || 'z'; ELSE digs := substr(digs, 1, length(digs) - 1); END IF;
  RETURN head || digs;
END $$;
--> statement-breakpoint
-- A new task ('' rank) goes on top of its column (product and status), under the column's lock,
-- which the move route takes too: two creates or a create and a drop never get the same key.
-- The lock is one of 1,024 per table (28: tasks, 29: products) the column hashes to, so that one
-- statement inserting into thousands of columns holds at most 1,024 locks, never the lock table.
CREATE FUNCTION tasks_rank_on_top() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.rank = '' THEN
    PERFORM pg_advisory_xact_lock(28, hashtext(NEW.product_id::text || ':' || NEW.status) & 1023);
    NEW.rank := rank_before((SELECT min(t.rank) FROM tasks t
      WHERE t.product_id = NEW.product_id AND t.status = NEW.status AND t.rank <> '' AND t.id <> NEW.id));
  END IF;
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE TRIGGER tasks_rank_on_top BEFORE INSERT OR UPDATE OF rank ON tasks
  FOR EACH ROW EXECUTE FUNCTION tasks_rank_on_top();
--> statement-breakpoint
CREATE FUNCTION products_rank_on_top() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.rank = '' THEN
    PERFORM pg_advisory_xact_lock(29, hashtext(NEW.status) & 1023);
    NEW.rank := rank_before((SELECT min(p.rank) FROM products p
      WHERE p.status = NEW.status AND p.rank <> '' AND p.id <> NEW.id));
  END IF;
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE TRIGGER products_rank_on_top BEFORE INSERT OR UPDATE OF rank ON products
  FOR EACH ROW EXECUTE FUNCTION products_rank_on_top();
--> statement-breakpoint
-- The n-th integer key of fractional-indexing (0: 'a0' … 61: 'az', 62: 'b00' …), for the backfill.
CREATE FUNCTION pg_temp.nth_rank(n bigint) RETURNS text LANGUAGE sql IMMUTABLE AS $$
  WITH d(s) AS (SELECT '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz'::text),
  sized(head, width, m) AS (
    SELECT CASE WHEN n < 62 THEN 'a' WHEN n < 62 + 3844 THEN 'b' WHEN n < 62 + 3844 + 238328 THEN 'c' ELSE 'd' END,
           CASE WHEN n < 62 THEN 1 WHEN n < 62 + 3844 THEN 2 WHEN n < 62 + 3844 + 238328 THEN 3 ELSE 4 END,
           CASE WHEN n < 62 THEN n WHEN n < 62 + 3844 THEN n - 62 WHEN n < 62 + 3844 + 238328 THEN n - 3906 ELSE n - 242234 END)
  SELECT head || string_agg(substr(d.s, ((m / (62::bigint ^ p)::bigint) % 62)::int + 1, 1), '' ORDER BY p DESC)
  FROM sized, d, generate_series(0, width - 1) AS p
  GROUP BY head
$$;
--> statement-breakpoint
-- Today's order kept: each board column newest first, as the boards showed it before ranks.
UPDATE tasks SET rank = r.rank FROM (
  SELECT id, pg_temp.nth_rank(row_number() OVER (PARTITION BY product_id, status ORDER BY created_at DESC, id DESC) - 1) AS rank
  FROM tasks
) r WHERE tasks.id = r.id;
--> statement-breakpoint
UPDATE products SET rank = r.rank FROM (
  SELECT id, pg_temp.nth_rank(row_number() OVER (PARTITION BY status ORDER BY created_at DESC, id DESC) - 1) AS rank
  FROM products
) r WHERE products.id = r.id;
