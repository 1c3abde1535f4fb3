-- Staff edits (issue 29): each record a staff form saves whole carries a revision, raised by each save of
-- that form; a save that sends the revision its form was filled from, when the record was saved by someone
-- else since, is answered 409 (http/revision.ts). Services (their own form; their slot settings, another
-- form on the same page, have theirs), benefits, workers, products, questionnaires, accommodation types
-- (name and PMS categories) and each category of their setup. The deposit settings keep theirs in their
-- configuration entry.
ALTER TABLE services ADD COLUMN revision integer NOT NULL DEFAULT 1;
ALTER TABLE services ADD COLUMN slots_revision integer NOT NULL DEFAULT 1;
ALTER TABLE service_benefits ADD COLUMN revision integer NOT NULL DEFAULT 1;
ALTER TABLE service_workers ADD COLUMN revision integer NOT NULL DEFAULT 1;
ALTER TABLE service_products ADD COLUMN revision integer NOT NULL DEFAULT 1;
ALTER TABLE review_models ADD COLUMN revision integer NOT NULL DEFAULT 1;
ALTER TABLE accommodations ADD COLUMN revision integer NOT NULL DEFAULT 1;
ALTER TABLE accommodation_categories ADD COLUMN revision integer NOT NULL DEFAULT 1;
