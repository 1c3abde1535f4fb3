-- Deposits (issue 25, its two holes): the stay's dates a request is for, so that a stay moved by an import
-- has its pending request cancelled at Swikly and asked again for the new dates (deposits.stays.ts).
-- The rows made before take their stay's dates as they are now.
ALTER TABLE deposits ADD COLUMN arrival bigint;
ALTER TABLE deposits ADD COLUMN departure bigint;
UPDATE deposits d SET arrival = s.arrival, departure = s.departure FROM stays s WHERE s.stay_number = d.stay_number;
