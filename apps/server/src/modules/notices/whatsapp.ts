import type { Config } from '../../config.js';

/** Sends a text message to a phone; rejects when the provider refuses it. */
export interface WhatsAppProvider {
  send(phone: string, body: string): Promise<void>;
}

/** The phone as WhatsApp wants it: digits with the country code; a bare 10-digit number is Indian. */
export function whatsappNumber(phone: string): string | null {
  const digits = phone.replace(/\D/g, '');
  if (digits.length === 10) return `91${digits}`;
  return digits.length >= 11 && digits.length <= 15 ? digits : null;
}

/** The WhatsApp Cloud API's send-message request; null when the server has none configured. */
export function createWhatsApp(config: Config['whatsapp']): WhatsAppProvider | null {
  if (!config) return null;
  return {
    async send(phone, body) {
      const to = whatsappNumber(phone);
      if (!to) throw new Error('phone number unusable for WhatsApp');
      const res = await fetch(`${config.apiUrl}/${encodeURIComponent(config.phoneId)}/messages`, {
        method: 'POST',
        headers: {
          authorization: `Bearer ${config.token}`,
          'content-type': 'application/json',
        },
        body: JSON.stringify({
          messaging_product: 'whatsapp',
          to,
          type: 'text',
          text: { body },
        }),
        signal: AbortSignal.timeout(10_000),
      });
      // Read the body so the connection is released, whatever the answer.
      const answer = await res.text();
      if (!res.ok) throw new Error(`WhatsApp answered ${res.status}: ${answer.slice(0, 200)}`);
    },
  };
}
