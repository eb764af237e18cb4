import type { Config } from '../config.js';

function originOf(url: string): string | null {
  try {
    return new URL(url).origin;
  } catch {
    return null;
  }
}

/**
 * Content-Security-Policy: no inline script; the bot check's and the payment provider's origins
 * only when they are configured (issue 10), so a server without them trusts nobody else.
 */
export function cspDirectives(config: Config) {
  const scripts = ["'self'"];
  const frames = ["'self'"];
  const connect = ["'self'"];
  if (config.turnstileSiteKey) {
    scripts.push('https://challenges.cloudflare.com');
    frames.push('https://challenges.cloudflare.com');
  }
  if (config.razorpayKeyId) {
    const checkout = originOf(config.razorpayCheckoutUrl);
    // Checkout.js runs from its origin and opens its payment page in a frame from there.
    if (checkout) scripts.push(checkout);
    frames.push('https://api.razorpay.com', 'https://checkout.razorpay.com');
    if (checkout && !frames.includes(checkout)) frames.push(checkout);
    connect.push('https://lumberjack.razorpay.com');
  }
  return {
    defaultSrc: ["'self'"],
    scriptSrc: scripts,
    frameSrc: frames,
    imgSrc: ["'self'", 'data:', 'blob:'],
    // The app loads no web fonts (Helmet's default would allow any https origin).
    fontSrc: ["'self'", 'data:'],
    styleSrc: ["'self'", "'unsafe-inline'"],
    connectSrc: connect,
    workerSrc: ["'self'", 'blob:'],
    objectSrc: ["'none'"],
    baseUri: ["'self'"],
    formAction: ["'self'"],
    frameAncestors: ["'none'"],
    upgradeInsecureRequests: null,
  };
}
