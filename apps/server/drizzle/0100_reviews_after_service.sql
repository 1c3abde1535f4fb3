-- A questionnaire sent after a booked service's slot (issue 32): type 'service' and the service it follows,
-- one questionnaire per service. Its invitations are keyed 'booking:<reservation id>' (one per booking).
ALTER TABLE review_models DROP CONSTRAINT review_models_type_check;
ALTER TABLE review_models ADD CONSTRAINT review_models_type_check CHECK (type IN ('', 'global', 'service'));
ALTER TABLE review_models ADD COLUMN service_id text REFERENCES services(id) ON DELETE SET NULL;
CREATE UNIQUE INDEX review_models_one_per_service ON review_models (service_id) WHERE type = 'service';
CREATE INDEX service_reservations_end_idx ON service_reservations (end_time);
