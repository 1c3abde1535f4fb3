-- Per-guest ceilings (issue 29): what one guest may take of a service that belongs to all.
-- services.guest_day_places: places one guest account may hold per service and day (the slot's local day);
-- services.days_before_arrival: how many days before the arrival day of a stay its guest may book;
-- service_products.order_max: the most units of a product one order may take. Staff bookings are not limited.
ALTER TABLE services ADD COLUMN guest_day_places integer NOT NULL DEFAULT 6;
ALTER TABLE services ADD COLUMN days_before_arrival integer NOT NULL DEFAULT 1;
ALTER TABLE service_products ADD COLUMN order_max integer NOT NULL DEFAULT 10;
