import fs from 'node:fs';
import path from 'node:path';

interface OutboxMessage {
  to: string;
  subject: string;
  link?: string;
  text?: string;
}

/**
 * Waits for the newest mail to `to` in DATA_DIR/outbox (the server writes one JSON file per
 * message when SMTP_URL is unset) whose link contains `linkPart`, and returns that link.
 */
export async function waitForMailLink(
  dataDir: string,
  to: string,
  linkPart: string,
  timeoutMs = 10_000,
): Promise<string> {
  const outbox = path.join(dataDir, 'outbox');
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const files = fs.existsSync(outbox) ? fs.readdirSync(outbox).sort().reverse() : [];
    for (const file of files) {
      if (!file.endsWith('.json')) continue;
      const message = JSON.parse(fs.readFileSync(path.join(outbox, file), 'utf8')) as OutboxMessage;
      const link = message.link ?? /https?:\/\/\S+/.exec(message.text ?? '')?.[0];
      if (message.to === to && link?.includes(linkPart)) return link;
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`No mail to ${to} with a ${linkPart} link arrived within ${timeoutMs} ms`);
}

/** Keeps path and query of a mailed link but points it at the server under test. */
export function onServer(link: string, baseUrl: string): string {
  const url = new URL(link);
  return `${baseUrl}${url.pathname}${url.search}`;
}
