-- Services and bookings (001, issue 22). Times are epoch seconds; prices are cents.
CREATE TABLE services (
  id text PRIMARY KEY,
  name text NOT NULL,
  cover text REFERENCES files(id) ON DELETE SET NULL,
  type text NOT NULL CHECK (type IN ('prestation', 'vente', 'location')),
  payment_link text,
  translations jsonb NOT NULL,
  comment text,
  list_mode boolean NOT NULL DEFAULT false,
  user_id text,
  duration_hour integer NOT NULL DEFAULT 0,
  duration_minute integer NOT NULL DEFAULT 0,
  interval_hour integer NOT NULL DEFAULT 0,
  interval_minute integer NOT NULL DEFAULT 0,
  limit_end integer NOT NULL DEFAULT 0 CHECK (limit_end BETWEEN 0 AND 300),
  open_dates jsonb NOT NULL DEFAULT '[]',
  open_hours jsonb NOT NULL DEFAULT '[]',
  created_time bigint NOT NULL,
  edited_time bigint NOT NULL
);

CREATE TABLE service_benefits (
  id text PRIMARY KEY,
  service text NOT NULL REFERENCES services(id) ON DELETE CASCADE,
  icon text NOT NULL,
  show_price boolean NOT NULL,
  price integer NOT NULL CHECK (price BETWEEN 0 AND 100000000),
  duration_hour integer NOT NULL DEFAULT 0,
  duration_minute integer NOT NULL DEFAULT 0,
  interval_hour integer NOT NULL DEFAULT 0,
  interval_minute integer NOT NULL DEFAULT 0,
  confirmation boolean NOT NULL,
  simultaneous integer CHECK (simultaneous > 0),
  client_number boolean NOT NULL,
  identity boolean NOT NULL,
  age boolean NOT NULL,
  phone boolean NOT NULL,
  open_dates jsonb NOT NULL,
  open_hours jsonb NOT NULL,
  questions jsonb NOT NULL,
  translations jsonb NOT NULL,
  user_id text,
  created_time bigint NOT NULL,
  edited_time bigint NOT NULL,
  CHECK (duration_hour * 60 + duration_minute > 0)
);
CREATE INDEX service_benefits_service_idx ON service_benefits (service);

CREATE TABLE service_workers (
  id text PRIMARY KEY,
  service text NOT NULL REFERENCES services(id) ON DELETE CASCADE,
  firstname text NOT NULL,
  lastname text NOT NULL,
  working_dates jsonb NOT NULL,
  working_hours jsonb NOT NULL,
  benefits text[] NOT NULL,
  user_id text,
  created_time bigint NOT NULL,
  edited_time bigint NOT NULL
);
CREATE INDEX service_workers_service_idx ON service_workers (service);

CREATE TABLE service_products (
  id text PRIMARY KEY,
  service text NOT NULL REFERENCES services(id) ON DELETE CASCADE,
  icon text NOT NULL,
  price integer NOT NULL CHECK (price BETWEEN 0 AND 100000000),
  -- null: unlimited; a sale takes from it with UPDATE … WHERE stock >= n, and this check is the floor
  stock integer CHECK (stock >= 0),
  translations jsonb NOT NULL,
  user_id text,
  created_time bigint NOT NULL,
  edited_time bigint NOT NULL
);
CREATE INDEX service_products_service_idx ON service_products (service);

CREATE TABLE service_reservations (
  id text PRIMARY KEY,
  service text NOT NULL REFERENCES services(id) ON DELETE CASCADE,
  worker text NOT NULL REFERENCES service_workers(id) ON DELETE CASCADE,
  benefit text NOT NULL REFERENCES service_benefits(id) ON DELETE CASCADE,
  start_time bigint NOT NULL,
  end_time bigint NOT NULL,
  answers jsonb NOT NULL,
  user_id text REFERENCES webapp_users(id) ON DELETE SET NULL,
  client_number text,
  identity text,
  age integer,
  phone text,
  source text NOT NULL CHECK (source IN ('dashboard', 'webapp')),
  created_time bigint NOT NULL,
  CHECK (end_time > start_time)
);
-- the planning reads a service's day; the engine a worker's bookings around a slot; a guest their own
CREATE INDEX service_reservations_service_start_idx ON service_reservations (service, start_time);
CREATE INDEX service_reservations_worker_start_idx ON service_reservations (worker, start_time);
CREATE INDEX service_reservations_user_start_idx ON service_reservations (user_id, start_time);
CREATE INDEX service_reservations_benefit_idx ON service_reservations (benefit);

CREATE TABLE service_orders (
  id text PRIMARY KEY,
  product text NOT NULL REFERENCES service_products(id) ON DELETE CASCADE,
  user_id text REFERENCES webapp_users(id) ON DELETE SET NULL,
  quantity integer NOT NULL CHECK (quantity > 0),
  created_time bigint NOT NULL
);
CREATE INDEX service_orders_product_idx ON service_orders (product);
