-- Deposits list (issue 25): the name search walks an index, as the people lists do (measured on 20 000
-- deposits: a name prefix took 1.5 s folding every row; the page and its count no longer share one window).
ALTER TABLE deposits ADD COLUMN lastname_key text GENERATED ALWAYS AS (people_fold(lastname)) STORED;
ALTER TABLE deposits ADD COLUMN firstname_key text GENERATED ALWAYS AS (people_fold(firstname)) STORED;
CREATE INDEX deposits_lastname_idx ON deposits (lastname_key text_pattern_ops);
CREATE INDEX deposits_firstname_idx ON deposits (firstname_key text_pattern_ops);
CREATE INDEX deposits_amount_idx ON deposits (amount, edited_time);
