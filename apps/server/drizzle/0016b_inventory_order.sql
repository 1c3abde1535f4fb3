-- Comments and photos of one second (two tablets, a replay) keep the order they were written in.
ALTER TABLE inventory_comments ADD COLUMN seq bigserial;
ALTER TABLE inventory_pictures ADD COLUMN seq bigserial;
