export * from '../../data/service-bookings';
