import { serviceBenefits, serviceProducts, serviceReservations, serviceWorkers, services } from '@campsite/shared';
import { useCall, useCallMutation } from '../../../lib/query';

export const useServices = () => useCall(services.list);
export const useServiceInsert = () => useCallMutation(services.insert, [services.list]);
// a type change or a delete removes benefits, workers and products on the server: their reads follow
const children = [serviceBenefits.findByService, serviceWorkers.findByService, serviceProducts.findByService, serviceReservations.findByService];
export const useServiceUpdate = () => useCallMutation(services.update, [services.list, ...children]);
export const useServiceDelete = () => useCallMutation(services.delete, [services.list, ...children]);
export const useServiceDuration = () => useCallMutation(services.updateDuration, [services.list]);

export const useBenefits = (service: string | null) => useCall(serviceBenefits.findByService, { service: service ?? '' }, { enabled: !!service });
export const useBenefitInsert = () => useCallMutation(serviceBenefits.insert, [serviceBenefits.findByService, serviceBenefits.list]);
export const useBenefitUpdate = () => useCallMutation(serviceBenefits.update, [serviceBenefits.findByService, serviceBenefits.list]);
// a benefit's delete takes it out of the workers' lists and deletes its bookings
export const useBenefitDelete = () => useCallMutation(serviceBenefits.delete, [serviceBenefits.findByService, serviceBenefits.list, serviceWorkers.findByService, serviceReservations.findByService]);

export const useWorkers = (service: string | null) => useCall(serviceWorkers.findByService, { service: service ?? '' }, { enabled: !!service });
export const useWorkerInsert = () => useCallMutation(serviceWorkers.insert, [serviceWorkers.findByService]);
export const useWorkerUpdate = () => useCallMutation(serviceWorkers.update, [serviceWorkers.findByService]);
export const useWorkerDelete = () => useCallMutation(serviceWorkers.delete, [serviceWorkers.findByService, serviceReservations.findByService]);

export const useProducts = (service: string | null) => useCall(serviceProducts.findByService, { service: service ?? '' }, { enabled: !!service });
export const useProductInsert = () => useCallMutation(serviceProducts.insert, [serviceProducts.findByService]);
export const useProductUpdate = () => useCallMutation(serviceProducts.update, [serviceProducts.findByService]);
export const useProductDelete = () => useCallMutation(serviceProducts.delete, [serviceProducts.findByService]);

/** The planning's day: bookings whose start is in [from, to). */
export const useReservations = (service: string | null, from: number, to: number) =>
  useCall(serviceReservations.findByService, { service: service ?? '', from, to }, { enabled: !!service });
export const useReservationSubmit = () => useCallMutation(serviceReservations.submit, [serviceReservations.findByService]);
export const useReservationDelete = () => useCallMutation(serviceReservations.delete, [serviceReservations.findByService]);
/** The desk's search for the guest of a booking (nothing asked until something is typed). */
export const useDeskGuests = (q: string) => useCall(serviceReservations.guests, { q }, { enabled: q.length > 0, staleTime: 10_000 });
