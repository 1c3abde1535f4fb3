-- Reviews page (issue 31): how many reviews each UTC day holds, per type and questionnaire ('' none), kept
-- by a trigger on every write of reviews. The page read sums these few hundred rows to find the day its
-- offset falls in, and walks the index from that day's end only (at most a day of reviews), not from the
-- newest review: any page of 100 000 reviews reads about the same rows as the first. The bodies stay on one
-- line: migrations are split at a ';' that ends a line.
CREATE TABLE review_pages (
  type text NOT NULL,
  model_id text NOT NULL,
  day bigint NOT NULL,
  count integer NOT NULL,
  PRIMARY KEY (type, model_id, day)
);
INSERT INTO review_pages (type, model_id, day, count) SELECT type, coalesce(model_id, ''), completed / 86400, count(*)::int FROM reviews GROUP BY 1, 2, 3;
CREATE OR REPLACE FUNCTION campsite_review_pages() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN IF TG_OP IN ('UPDATE', 'DELETE') THEN IF TG_OP = 'UPDATE' AND OLD.type = NEW.type AND OLD.model_id IS NOT DISTINCT FROM NEW.model_id AND OLD.completed / 86400 = NEW.completed / 86400 THEN RETURN NULL; END IF; UPDATE review_pages SET count = count - 1 WHERE type = OLD.type AND model_id = coalesce(OLD.model_id, '') AND day = OLD.completed / 86400; END IF; IF TG_OP IN ('UPDATE', 'INSERT') THEN INSERT INTO review_pages (type, model_id, day, count) VALUES (NEW.type, coalesce(NEW.model_id, ''), NEW.completed / 86400, 1) ON CONFLICT (type, model_id, day) DO UPDATE SET count = review_pages.count + 1; END IF; RETURN NULL; END $$;
CREATE TRIGGER review_pages_kept AFTER INSERT OR UPDATE OR DELETE ON reviews FOR EACH ROW EXECUTE FUNCTION campsite_review_pages();
CREATE OR REPLACE FUNCTION campsite_review_pages_truncated() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN DELETE FROM review_pages; RETURN NULL; END $$;
CREATE TRIGGER review_pages_truncated AFTER TRUNCATE ON reviews FOR EACH STATEMENT EXECUTE FUNCTION campsite_review_pages_truncated();
