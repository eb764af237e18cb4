// Schemas for services (issue 3).
export {};
