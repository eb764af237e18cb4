/** Business dates for detail pages, in the user's language ('dd MMM yy' for chart ticks). */
export { formatTimestamp as formatIsoDate } from '../../lib/dates';
