import { createHmac, randomBytes } from 'node:crypto';
import http from 'node:http';

export interface RecordedRequest {
  method: string;
  path: string;
  authorization: string | undefined;
  body: unknown;
}

export interface FakeRazorpay {
  /** RAZORPAY_API_URL */
  url: string;
  /** RAZORPAY_CHECKOUT_URL: a Checkout.js look-alike that opens this server's test checkout page. */
  checkoutUrl: string;
  keyId: string;
  keySecret: string;
  webhookSecret: string;
  requests: RecordedRequest[];
  /** The next API call answers 500 (an outage at the provider). */
  failNext(): void;
  /** The signature Checkout hands to the page on success. */
  sign(orderId: string, paymentId: string): string;
  /** Headers of a webhook delivery for `body`, signed with the webhook secret unless forged. */
  webhookHeaders(body: string, eventId: string, forged?: boolean): Record<string, string>;
  close(): Promise<void>;
}

const rand = (n: number) => randomBytes(n).toString('hex').slice(0, n);
const hmac = (secret: string, data: string) =>
  createHmac('sha256', secret).update(data).digest('hex');

/** Checkout.js: `new Razorpay(options).open()` shows the test checkout page in an iframe overlay. */
function checkoutScript(origin: string): string {
  return `(() => {
  const ORIGIN = ${JSON.stringify(origin)};
  function Razorpay(options) {
    if (!(this instanceof Razorpay)) return new Razorpay(options);
    this.options = options;
    this.listeners = {};
  }
  Razorpay.prototype.on = function (event, fn) {
    (this.listeners[event] = this.listeners[event] || []).push(fn);
  };
  Razorpay.prototype.close = function () {
    if (this.frame) this.frame.remove();
    this.frame = null;
    if (this.onMessage) window.removeEventListener('message', this.onMessage);
  };
  Razorpay.prototype.open = function () {
    const o = this.options;
    const q = new URLSearchParams({
      key: o.key || '', order_id: o.order_id || '', amount: String(o.amount || ''),
      currency: o.currency || '', name: o.name || '', description: o.description || '',
    });
    const frame = document.createElement('iframe');
    frame.src = ORIGIN + '/test-checkout?' + q.toString();
    frame.title = 'Razorpay test checkout';
    frame.setAttribute('data-testid', 'razorpay-frame');
    frame.style.cssText = 'position:fixed;inset:0;width:100%;height:100%;border:0;z-index:2147483647;background:rgba(0,0,0,.5)';
    document.body.appendChild(frame);
    this.frame = frame;
    this.onMessage = (event) => {
      if (event.origin !== ORIGIN || !event.data || event.data.source !== 'fake-razorpay') return;
      const d = event.data;
      if (d.type === 'success') {
        this.close();
        o.handler && o.handler({ razorpay_payment_id: d.razorpay_payment_id, razorpay_order_id: d.razorpay_order_id, razorpay_signature: d.razorpay_signature });
      } else if (d.type === 'failed') {
        (this.listeners['payment.failed'] || []).forEach((fn) => fn({ error: { code: 'BAD_REQUEST_ERROR', description: 'Payment failed', source: 'bank', step: 'payment_authorization', reason: 'payment_failed', metadata: { order_id: o.order_id, payment_id: d.razorpay_payment_id } } }));
      } else if (d.type === 'dismiss') {
        this.close();
        o.modal && o.modal.ondismiss && o.modal.ondismiss();
      }
    };
    window.addEventListener('message', this.onMessage);
  };
  window.Razorpay = Razorpay;
})();
`;
}

function checkoutPage(params: URLSearchParams): string {
  const esc = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
  const amount = Number(params.get('amount') ?? 0) / 100;
  return `<!doctype html><html><head><meta charset="utf-8"><title>Test checkout</title>
<style>body{font-family:system-ui,sans-serif;margin:0;display:grid;place-items:center;min-height:100vh}
.card{background:#fff;border-radius:12px;padding:24px;width:320px;box-shadow:0 10px 30px rgba(0,0,0,.3)}
button{display:block;width:100%;margin-top:10px;padding:10px;border-radius:8px;border:1px solid #ccc;font-size:15px;cursor:pointer}
#pay{background:#0b72e7;color:#fff;border:0}</style></head><body><div class="card">
<h1 style="font-size:18px;margin:0 0 4px">Test checkout</h1>
<p style="margin:0 0 12px;color:#555">${esc(params.get('description') ?? '')}</p>
<p style="font-size:22px;margin:0 0 12px">${esc(params.get('currency') ?? '')} ${amount.toFixed(2)}</p>
<button id="pay">Pay</button><button id="fail">Fail payment</button><button id="dismiss">Cancel</button>
</div><script>
const orderId = ${JSON.stringify(params.get('order_id') ?? '')};
const post = (data) => parent.postMessage(Object.assign({ source: 'fake-razorpay' }, data), '*');
document.getElementById('pay').onclick = async () => {
  const r = await fetch('/test-checkout/pay', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ order_id: orderId }) });
  post(Object.assign({ type: 'success' }, await r.json()));
};
document.getElementById('fail').onclick = () => post({ type: 'failed', razorpay_payment_id: 'pay_failed' });
document.getElementById('dismiss').onclick = () => post({ type: 'dismiss' });
</script></body></html>`;
}

/**
 * A Razorpay look-alike on 127.0.0.1: the Orders API (Basic auth with the key id and secret),
 * subscription cancel, a Checkout.js and its test checkout page, recording every API request.
 */
export async function startFakeRazorpay(): Promise<FakeRazorpay> {
  const keyId = `rzp_test_${rand(14)}`;
  const keySecret = rand(24);
  const webhookSecret = rand(20);
  const requests: RecordedRequest[] = [];
  const orders = new Map<string, { amount: number; currency: string }>();
  let failNext = false;
  let origin = '';
  const expectedAuth = `Basic ${Buffer.from(`${keyId}:${keySecret}`).toString('base64')}`;

  const server = http.createServer((req, res) => {
    let raw = '';
    req.on('data', (chunk: Buffer) => (raw += chunk.toString()));
    req.on('end', () => {
      const url = new URL(req.url ?? '/', origin);
      const send = (status: number, body: unknown, type = 'application/json') =>
        res
          .writeHead(status, { 'content-type': type })
          .end(typeof body === 'string' ? body : JSON.stringify(body));
      const parse = (): unknown => {
        try {
          return raw ? (JSON.parse(raw) as unknown) : null;
        } catch {
          return raw;
        }
      };
      const body = parse();

      if (req.method === 'GET' && url.pathname === '/checkout.js') {
        return send(200, checkoutScript(origin), 'application/javascript');
      }
      if (req.method === 'GET' && url.pathname === '/test-checkout') {
        return send(200, checkoutPage(url.searchParams), 'text/html; charset=utf-8');
      }
      if (req.method === 'POST' && url.pathname === '/test-checkout/pay') {
        const orderId = String((body as { order_id?: unknown } | null)?.order_id ?? '');
        const paymentId = `pay_${rand(14)}`;
        return send(200, {
          razorpay_order_id: orderId,
          razorpay_payment_id: paymentId,
          razorpay_signature: hmac(keySecret, `${orderId}|${paymentId}`),
        });
      }

      if (url.pathname.startsWith('/v1/')) {
        requests.push({
          method: req.method ?? '',
          path: url.pathname,
          authorization: req.headers.authorization,
          body,
        });
        if (req.headers.authorization !== expectedAuth) {
          return send(401, {
            error: { code: 'BAD_REQUEST_ERROR', description: 'Authentication failed' },
          });
        }
        if (failNext) {
          failNext = false;
          return send(500, { error: { code: 'SERVER_ERROR', description: 'The server is down' } });
        }
        if (req.method === 'POST' && url.pathname === '/v1/orders') {
          const input = (body ?? {}) as Record<string, unknown>;
          if (typeof input.amount !== 'number' || input.amount < 100) {
            return send(400, {
              error: { code: 'BAD_REQUEST_ERROR', description: 'amount is invalid' },
            });
          }
          const id = `order_${rand(14)}`;
          orders.set(id, { amount: input.amount, currency: String(input.currency) });
          return send(200, {
            id,
            entity: 'order',
            amount: input.amount,
            amount_paid: 0,
            amount_due: input.amount,
            currency: input.currency,
            receipt: input.receipt,
            status: 'created',
            attempts: 0,
            notes: input.notes ?? [],
            created_at: Math.floor(Date.now() / 1000),
          });
        }
        const cancel = /^\/v1\/subscriptions\/([^/]+)\/cancel$/.exec(url.pathname);
        if (req.method === 'POST' && cancel) {
          return send(200, { id: cancel[1], entity: 'subscription', status: 'cancelled' });
        }
      }
      send(404, {
        error: { code: 'BAD_REQUEST_ERROR', description: 'The requested URL was not found' },
      });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  if (!address || typeof address === 'string') throw new Error('fake razorpay did not listen');
  origin = `http://127.0.0.1:${address.port}`;
  return {
    url: origin,
    checkoutUrl: `${origin}/checkout.js`,
    keyId,
    keySecret,
    webhookSecret,
    requests,
    failNext: () => {
      failNext = true;
    },
    sign: (orderId, paymentId) => hmac(keySecret, `${orderId}|${paymentId}`),
    webhookHeaders: (body, eventId, forged = false) => ({
      'content-type': 'application/json',
      'x-razorpay-event-id': eventId,
      'x-razorpay-signature': forged ? hmac('not-the-secret', body) : hmac(webhookSecret, body),
    }),
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
