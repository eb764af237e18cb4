import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { randomBytes } from 'node:crypto';

/** One text message the fake WhatsApp Cloud API accepted. */
export interface SentWhatsApp {
  phoneId: string;
  to: string;
  body: string;
}

export interface FakeWhatsApp {
  /** WHATSAPP_API_URL, WHATSAPP_TOKEN and WHATSAPP_PHONE_ID pointing here. */
  env: Record<string, string>;
  messages: SentWhatsApp[];
  close(): Promise<void>;
}

/**
 * A small WhatsApp Cloud API on 127.0.0.1: `POST /{phoneId}/messages` with the bearer token and
 * `{ messaging_product: 'whatsapp', to, type: 'text', text: { body } }` answers as Meta does
 * (`{ messaging_product, contacts, messages: [{ id }] }`); anything else is refused.
 */
export async function startFakeWhatsApp(): Promise<FakeWhatsApp> {
  const token = randomBytes(16).toString('hex');
  const phoneId = String(100_000_000_000 + Math.floor(Math.random() * 1e9));
  const messages: SentWhatsApp[] = [];
  const answer = (res: http.ServerResponse, status: number, body: unknown) => {
    res.writeHead(status, { 'content-type': 'application/json' });
    res.end(JSON.stringify(body));
  };
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const match = /^\/([^/]+)\/messages$/.exec(req.url ?? '');
      if (req.method !== 'POST' || !match) return answer(res, 404, { error: { code: 100 } });
      if (req.headers.authorization !== `Bearer ${token}`) {
        return answer(res, 401, { error: { message: 'Invalid OAuth access token', code: 190 } });
      }
      if (match[1] !== phoneId) return answer(res, 400, { error: { code: 100 } });
      let body: { messaging_product?: unknown; to?: unknown; type?: unknown; text?: unknown };
      try {
        body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as typeof body;
      } catch {
        return answer(res, 400, { error: { message: 'bad JSON', code: 100 } });
      }
      const text = body.text as { body?: unknown } | undefined;
      if (
        body.messaging_product !== 'whatsapp' ||
        body.type !== 'text' ||
        typeof body.to !== 'string' ||
        !/^\d{11,15}$/.test(body.to) ||
        typeof text?.body !== 'string'
      ) {
        return answer(res, 400, { error: { message: 'Invalid parameter', code: 100 } });
      }
      messages.push({ phoneId, to: body.to, body: text.body });
      answer(res, 200, {
        messaging_product: 'whatsapp',
        contacts: [{ input: body.to, wa_id: body.to }],
        messages: [{ id: `wamid.${randomBytes(12).toString('hex')}` }],
      });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    env: {
      WHATSAPP_API_URL: `http://127.0.0.1:${port}`,
      WHATSAPP_TOKEN: token,
      WHATSAPP_PHONE_ID: phoneId,
    },
    messages,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
