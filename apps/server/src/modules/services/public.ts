// What other areas may use of services (docs/conventions.md 'Floors and hooks'): they import this file, nothing else of the area.
export { assertBenefitExists, assertServiceExists } from './links.service';
export { bookingsByClient, bookingsByService } from './bookings.repository';
