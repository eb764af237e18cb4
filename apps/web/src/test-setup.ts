import { allStringsReady } from './lib/i18n';

// Screens wait for every string before they show (app/routes.tsx); so do the unit tests.
await allStringsReady;
