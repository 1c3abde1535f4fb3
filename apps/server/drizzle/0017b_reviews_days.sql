-- Reviews (issue 24), measured on 100 000 reviews (bench/reviews.ts): the questions as asked move to a table
-- of their own, one row per version of a questionnaire (reviews were 8 KB pages of the same snapshot, and
-- every count read them all), and the statistics read daily figures kept by each submit instead of
-- aggregating every answer of the period.
CREATE TABLE review_forms (
  id text PRIMARY KEY,
  questions jsonb NOT NULL
);
ALTER TABLE reviews ADD COLUMN form_id text NOT NULL REFERENCES review_forms(id);
ALTER TABLE reviews DROP COLUMN questions;
DROP TABLE review_answers;

-- per questionnaire, question ('' the reviews themselves, '#score' those with a score), day (the local
-- midnight of the day it was completed) and value (the note or the select index; -1 answered text or a review)
CREATE TABLE review_days (
  model_id text NOT NULL,
  question_id text NOT NULL,
  day bigint NOT NULL,
  value smallint NOT NULL,
  count integer NOT NULL,
  score_sum double precision NOT NULL DEFAULT 0,
  PRIMARY KEY (model_id, day, question_id, value)
);
