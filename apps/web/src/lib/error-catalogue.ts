/**
 * The domain's error messages (every code, English and Hindi), loaded after the first paint: they
 * are several KB of the sign-in page's 170 KB budget and only word a refusal whose body came
 * without a message (the server always sends one).
 */
export { isErrorCode, messageFor } from '@siteledger/domain';
