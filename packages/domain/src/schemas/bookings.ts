// Schemas for bookings (issue 3).
export {};
