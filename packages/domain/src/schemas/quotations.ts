// Schemas for quotations (issue 3).
export {};
