// The sites' queries and writes live in the data layer (data/sites.ts); this feature's files read them here.
export * from '../../data/sites';
