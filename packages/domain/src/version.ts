/** The version the product shows (spec part 1) and /api/health reports. */
export const APP_VERSION = '0.10.1';
