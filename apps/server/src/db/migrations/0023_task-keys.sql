CREATE TABLE "product_key_history" (
	"key" text PRIMARY KEY NOT NULL,
	"product_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "task_key_history" (
	"key" text PRIMARY KEY NOT NULL,
	"task_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "key" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "task_counter" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "tasks" ADD COLUMN "number" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "tasks" ADD COLUMN "key" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "product_key_history" ADD CONSTRAINT "product_key_history_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "task_key_history" ADD CONSTRAINT "task_key_history_task_id_tasks_id_fk" FOREIGN KEY ("task_id") REFERENCES "public"."tasks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "task_key_history_task_idx" ON "task_key_history" USING btree ("task_id");--> statement-breakpoint
-- Hand-written (issue 28, docs/decisions/032-task-keys.md). A product's key derived from its name:
-- the initials of its first six words when it has two or more ("Atlas Payments" → AP), the first
-- three letters of its one word otherwise ("Atlas" → ATL); only A–Z and 0–9 count, leading digits
-- are dropped, and a key shorter than two is padded with X.
CREATE FUNCTION product_key_base(name text) RETURNS text LANGUAGE plpgsql IMMUTABLE AS $$
DECLARE
  words text[] := array_remove(regexp_split_to_array(upper(name), '[^A-Z0-9]+'), '');
  base text := '';
BEGIN
  IF coalesce(array_length(words, 1), 0) >= 2 THEN
    SELECT string_agg(left(w, 1), '' ORDER BY i) INTO base
      FROM unnest(words[1:6]) WITH ORDINALITY AS u(w, i);
  ELSIF coalesce(array_length(words, 1), 0) = 1 THEN
    base := left(regexp_replace(words[1], '^[0-9]+', ''), 3);
  END IF;
  base := regexp_replace(base, '^[0-9]+', '');
  RETURN CASE WHEN length(base) < 2 THEN rpad(base, 2, 'X') ELSE base END;
END $$;
--> statement-breakpoint
-- The first key of `name` no other product has, now or before: the base, then (one word) one more
-- of its letters at a time up to six, then the base followed by 2, 3, ….
CREATE FUNCTION product_key_for(name text, self uuid) RETURNS text LANGUAGE plpgsql AS $$
DECLARE
  base text := product_key_base(name);
  word text := regexp_replace(regexp_replace(upper(name), '[^A-Z0-9]+', '', 'g'), '^[0-9]+', '');
  candidate text;
  n int;
BEGIN
  FOR n IN length(base)..6 LOOP
    candidate := CASE WHEN n = length(base) THEN base ELSE left(word, n) END;
    -- Longer candidates only for a one-word name, whose base is the start of that word.
    CONTINUE WHEN n > length(base) AND (left(word, length(base)) <> base OR length(word) < n);
    IF NOT EXISTS (SELECT 1 FROM products WHERE key = candidate AND id <> self)
      AND NOT EXISTS (SELECT 1 FROM product_key_history WHERE key = candidate AND product_id <> self) THEN
      RETURN candidate;
    END IF;
  END LOOP;
  n := 2;
  LOOP
    candidate := left(base, 6 - length(n::text)) || n;
    IF NOT EXISTS (SELECT 1 FROM products WHERE key = candidate AND id <> self)
      AND NOT EXISTS (SELECT 1 FROM product_key_history WHERE key = candidate AND product_id <> self) THEN
      RETURN candidate;
    END IF;
    n := n + 1;
  END LOOP;
END $$;
--> statement-breakpoint
-- Backfill: the products in creation order, each its key; then every task its number in its
-- product in creation order, and each product's counter its last number.
DO $$
DECLARE r record;
BEGIN
  FOR r IN SELECT id, name FROM products ORDER BY created_at, id LOOP
    UPDATE products SET key = product_key_for(r.name, r.id) WHERE id = r.id;
  END LOOP;
END $$;
--> statement-breakpoint
UPDATE tasks t SET number = n.number, key = p.key || '-' || n.number
  FROM (SELECT id, row_number() OVER (PARTITION BY product_id ORDER BY created_at, id) AS number FROM tasks) n,
       products p
  WHERE n.id = t.id AND p.id = t.product_id;
--> statement-breakpoint
UPDATE products p SET task_counter = c.last FROM (SELECT product_id, max(number) AS last FROM tasks GROUP BY product_id) c
  WHERE c.product_id = p.id;
--> statement-breakpoint
ALTER TABLE products ADD CONSTRAINT products_key_format CHECK (key ~ '^[A-Z][A-Z0-9]{1,5}$');
--> statement-breakpoint
CREATE UNIQUE INDEX products_key_key ON products (key);
--> statement-breakpoint
CREATE UNIQUE INDEX tasks_product_number_key ON tasks (product_id, number);
--> statement-breakpoint
-- GET /api/tasks/by-key/{key} and search by key read a task by it.
CREATE UNIQUE INDEX tasks_key_key ON tasks (key);
--> statement-breakpoint
-- A product inserted without a key gets the one derived from its name (every path: the API, the
-- demo workspace, tests). Derivations take turns (a lock held to the end of the transaction), so
-- two products of the same name created at once get two keys, not a unique violation: the second
-- reads the keys after the first committed. Creating products is rare; nothing else waits on it.
CREATE FUNCTION products_derive_key() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.key = '' THEN
    PERFORM pg_advisory_xact_lock(hashtext('shipyard:product_key'));
    NEW.key := product_key_for(NEW.name, NEW.id);
  END IF;
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE TRIGGER products_key BEFORE INSERT ON products FOR EACH ROW EXECUTE FUNCTION products_derive_key();
--> statement-breakpoint
-- A product's new key: the old one is kept (no other product may take it) and its tasks' keys
-- follow, their old keys kept so that links to them still open them.
CREATE FUNCTION products_key_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO product_key_history (key, product_id) VALUES (OLD.key, OLD.id)
    ON CONFLICT (key) DO UPDATE SET product_id = EXCLUDED.product_id, created_at = now();
  INSERT INTO task_key_history (key, task_id) SELECT key, id FROM tasks WHERE product_id = NEW.id
    ON CONFLICT (key) DO UPDATE SET task_id = EXCLUDED.task_id, created_at = now();
  UPDATE tasks SET key = NEW.key || '-' || number WHERE product_id = NEW.id;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER products_key_history AFTER UPDATE OF key ON products FOR EACH ROW
  WHEN (OLD.key IS DISTINCT FROM NEW.key) EXECUTE FUNCTION products_key_changed();
--> statement-breakpoint
-- A task's number: the next of its product's counter, in the statement that inserts it (so a create
-- stays one statement, decision 023). The counter's row lock orders the creates of one product.
-- A product that does not exist leaves the row as it is: its foreign key then fails (23503), as
-- the one-statement create expects. A row inserted with its number (a workspace archive's restore,
-- whose products come with their counters) keeps it.
CREATE FUNCTION tasks_take_number() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE prefix text;
BEGIN
  IF TG_OP = 'INSERT' AND NEW.number > 0 THEN
    IF NEW.key = '' THEN
      NEW.key := (SELECT key FROM products WHERE id = NEW.product_id) || '-' || NEW.number;
    END IF;
    RETURN NEW;
  END IF;
  IF TG_OP = 'UPDATE' THEN
    INSERT INTO task_key_history (key, task_id) VALUES (OLD.key, OLD.id)
      ON CONFLICT (key) DO UPDATE SET task_id = EXCLUDED.task_id, created_at = now();
  END IF;
  UPDATE products SET task_counter = task_counter + 1 WHERE id = NEW.product_id
    RETURNING task_counter, key INTO NEW.number, prefix;
  IF FOUND THEN
    NEW.key := prefix || '-' || NEW.number;
  END IF;
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE TRIGGER tasks_number BEFORE INSERT ON tasks FOR EACH ROW EXECUTE FUNCTION tasks_take_number();
--> statement-breakpoint
-- A task moved to another product takes the next number there; its old key is kept.
CREATE TRIGGER tasks_number_moved BEFORE UPDATE OF product_id ON tasks FOR EACH ROW
  WHEN (OLD.product_id IS DISTINCT FROM NEW.product_id) EXECUTE FUNCTION tasks_take_number();
