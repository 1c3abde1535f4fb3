-- Reviews filtered by score and by 'with a comment' (issue 32). Both are columns the database computes from
-- the review itself (so a review blanked by a client's erasure loses its comment by itself): `stars`, the
-- average score rounded half up to a whole star (1 to 5, null without a notation), and `has_comment`, a text
-- answer that is not empty. Each filter walks its own index in the page's order (newest first).
ALTER TABLE reviews ADD COLUMN stars smallint GENERATED ALWAYS AS (floor(score + 0.5)::smallint) STORED;
ALTER TABLE reviews ADD COLUMN has_comment boolean GENERATED ALWAYS AS (jsonb_path_exists(answers, '$[*] ? (@.type() == "string" && @ != "")')) STORED;
CREATE INDEX reviews_stars_completed_idx ON reviews (stars, completed, id);
CREATE INDEX reviews_comment_completed_idx ON reviews (completed, id) WHERE has_comment;
