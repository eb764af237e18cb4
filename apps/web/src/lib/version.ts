/** The version shown in the user menu (spec part 1 and 9). */
export const APP_VERSION = '0.10.1';
