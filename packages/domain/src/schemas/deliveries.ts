// Schemas for deliveries (issue 3).
export {};
