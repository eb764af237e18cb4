// Schemas for vendors (issue 3).
export {};
