import type { CheckoutOrder, SubscribeResult } from '@siteledger/domain';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  CheckoutScriptError,
  checkoutOptions,
  loadCheckoutScript,
  resetCheckoutScript,
  subscriptionCheckoutOptions,
  verifyInputOf,
  type RazorpayConstructor,
  type RazorpayInstance,
  type ScriptHost,
} from './checkout';

/** Just enough of a <script> element and a document for the loader. */
interface FakeScript {
  src: string;
  async: boolean;
  dataset: Record<string, string>;
  onload: (() => void) | null;
  onerror: (() => void) | null;
  removed: boolean;
  remove: () => void;
}

function fakeHost() {
  const scripts: FakeScript[] = [];
  const win: { Razorpay?: RazorpayConstructor } = {};
  const doc = {
    createElement: () => {
      const script: FakeScript = {
        src: '',
        async: false,
        dataset: {},
        onload: null,
        onerror: null,
        removed: false,
        remove: () => {
          script.removed = true;
        },
      };
      return script;
    },
    head: { appendChild: (script: FakeScript) => scripts.push(script) },
  };
  const host = { document: doc, window: win } as unknown as ScriptHost;
  return { host, scripts, win };
}

const FakeRazorpay = class {
  open() {}
  on() {}
} as unknown as RazorpayConstructor;

const URL = 'http://127.0.0.1:9/checkout.js';

describe('loadCheckoutScript', () => {
  beforeEach(() => {
    resetCheckoutScript();
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('adds the script once and resolves with window.Razorpay when it loads', async () => {
    const { host, scripts, win } = fakeHost();
    const first = loadCheckoutScript(URL, 15_000, host);
    const second = loadCheckoutScript(URL, 15_000, host);
    expect(scripts).toHaveLength(1);
    expect(scripts[0]?.src).toBe(URL);
    win.Razorpay = FakeRazorpay;
    scripts[0]?.onload?.();
    await expect(first).resolves.toBe(FakeRazorpay);
    await expect(second).resolves.toBe(FakeRazorpay);
    // Loaded: later calls add nothing.
    await expect(loadCheckoutScript(URL, 15_000, host)).resolves.toBe(FakeRazorpay);
    expect(scripts).toHaveLength(1);
  });

  it('rejects on a load error, removes the tag and tries again next time', async () => {
    const { host, scripts } = fakeHost();
    const attempt = loadCheckoutScript(URL, 15_000, host);
    scripts[0]?.onerror?.();
    await expect(attempt).rejects.toBeInstanceOf(CheckoutScriptError);
    expect(scripts[0]?.removed).toBe(true);
    void loadCheckoutScript(URL, 15_000, host).catch(() => undefined);
    expect(scripts).toHaveLength(2);
  });

  it('rejects after the timeout (15 s by default)', async () => {
    const { host } = fakeHost();
    const attempt = loadCheckoutScript(URL, undefined, host);
    const outcome = expect(attempt).rejects.toMatchObject({ reason: 'timeout' });
    vi.advanceTimersByTime(14_999);
    vi.advanceTimersByTime(1);
    await outcome;
  });

  it('rejects when the script loads but defines no Razorpay', async () => {
    const { host, scripts } = fakeHost();
    const attempt = loadCheckoutScript(URL, 15_000, host);
    scripts[0]?.onload?.();
    await expect(attempt).rejects.toMatchObject({ reason: 'missing' });
  });
});

describe('checkoutOptions', () => {
  const order: CheckoutOrder = {
    order_id: 'order_123',
    amount: 99_900,
    currency: 'INR',
    key_id: 'rzp_test_key',
    notes: { site_id: 's1', plan_id: 'p1', billing_cycle: 'monthly' },
  };

  it('opens the widget on the server order with the user prefilled', () => {
    const onPaid = vi.fn();
    const onDismiss = vi.fn();
    const options = checkoutOptions({
      order,
      planName: 'Basic',
      description: 'Basic plan · Monthly',
      user: { name: 'Asha', email: 'asha@example.com' },
      color: '#ea580c',
      onPaid,
      onDismiss,
    });
    expect(options).toMatchObject({
      key: 'rzp_test_key',
      order_id: 'order_123',
      amount: 99_900,
      currency: 'INR',
      name: 'SiteLedger',
      description: 'Basic plan · Monthly',
      prefill: { name: 'Asha', email: 'asha@example.com' },
      notes: { site_id: 's1', plan_id: 'p1', billing_cycle: 'monthly' },
      theme: { color: '#ea580c' },
    });
    const response = {
      razorpay_order_id: 'order_123',
      razorpay_payment_id: 'pay_1',
      razorpay_signature: 'sig',
    };
    options.handler(response);
    expect(onPaid).toHaveBeenCalledWith(response);
    options.modal?.ondismiss?.();
    expect(onDismiss).toHaveBeenCalled();
  });

  it('leaves out what the user does not have', () => {
    const options = checkoutOptions({
      order,
      planName: 'Basic',
      description: 'x',
      user: null,
      color: '#000',
      onPaid: () => undefined,
      onDismiss: () => undefined,
    });
    expect(options.prefill).toEqual({});
  });

  it('types the widget instance', () => {
    const instance: RazorpayInstance = new FakeRazorpay(
      checkoutOptions({
        order,
        planName: 'Basic',
        description: 'x',
        user: null,
        color: '#000',
        onPaid: () => undefined,
        onDismiss: () => undefined,
      }),
    );
    expect(typeof instance.open).toBe('function');
  });
});

describe('subscriptionCheckoutOptions', () => {
  const subscription: SubscribeResult = {
    subscription_id: 'sub_123',
    amount: 99_900,
    currency: 'INR',
    key_id: 'rzp_test_key',
    notes: { site_id: 's1', plan_id: 'p1', billing_cycle: 'yearly' },
  };

  it('opens the widget on the subscription, without an order or amount', () => {
    const onPaid = vi.fn();
    const onDismiss = vi.fn();
    const options = subscriptionCheckoutOptions({
      subscription,
      planName: 'Basic',
      description: 'Basic plan · Yearly · renews automatically',
      user: { name: 'Asha' },
      color: '#ea580c',
      onPaid,
      onDismiss,
    });
    expect(options).toMatchObject({
      key: 'rzp_test_key',
      subscription_id: 'sub_123',
      name: 'SiteLedger',
      description: 'Basic plan · Yearly · renews automatically',
      prefill: { name: 'Asha' },
      notes: { site_id: 's1', plan_id: 'p1', billing_cycle: 'yearly' },
      theme: { color: '#ea580c' },
    });
    expect(options).not.toHaveProperty('order_id');
    expect(options).not.toHaveProperty('amount');
    expect(options).not.toHaveProperty('currency');
    const response = {
      razorpay_subscription_id: 'sub_123',
      razorpay_payment_id: 'pay_1',
      razorpay_signature: 'sig',
    };
    options.handler(response);
    expect(onPaid).toHaveBeenCalledWith(response);
    options.modal?.ondismiss?.();
    expect(onDismiss).toHaveBeenCalled();
    const instance: RazorpayInstance = new FakeRazorpay(options);
    expect(typeof instance.open).toBe('function');
  });
});

describe('verifyInputOf', () => {
  it('sends the subscription fields for a subscription answer', () => {
    expect(
      verifyInputOf({
        razorpay_subscription_id: 'sub_1',
        razorpay_payment_id: 'pay_1',
        razorpay_signature: 'sig',
      }),
    ).toEqual({
      razorpay_subscription_id: 'sub_1',
      razorpay_payment_id: 'pay_1',
      razorpay_signature: 'sig',
    });
  });

  it('sends the order fields for an order answer, and nothing else the widget adds', () => {
    const answer = {
      razorpay_order_id: 'order_1',
      razorpay_payment_id: 'pay_1',
      razorpay_signature: 'sig',
      extra: 'ignored',
    };
    expect(verifyInputOf(answer)).toEqual({
      razorpay_order_id: 'order_1',
      razorpay_payment_id: 'pay_1',
      razorpay_signature: 'sig',
    });
  });
});
