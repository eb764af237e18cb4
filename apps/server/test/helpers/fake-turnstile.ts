import http from 'node:http';

export interface FakeTurnstile {
  url: string;
  requests: URLSearchParams[];
  close(): Promise<void>;
}

/**
 * A siteverify endpoint on 127.0.0.1 speaking Turnstile's protocol: token "pass" succeeds,
 * "expired" answers timeout-or-duplicate, anything else invalid-input-response.
 */
export async function startFakeTurnstile(secret: string): Promise<FakeTurnstile> {
  const requests: URLSearchParams[] = [];
  const server = http.createServer((req, res) => {
    let raw = '';
    req.on('data', (chunk: Buffer) => (raw += chunk.toString()));
    req.on('end', () => {
      const form = new URLSearchParams(raw);
      requests.push(form);
      let body: Record<string, unknown>;
      if (form.get('secret') !== secret)
        body = { success: false, 'error-codes': ['invalid-input-secret'] };
      else if (form.get('response') === 'pass')
        body = { success: true, 'error-codes': [], hostname: 'app.test' };
      else if (form.get('response') === 'expired')
        body = { success: false, 'error-codes': ['timeout-or-duplicate'] };
      else body = { success: false, 'error-codes': ['invalid-input-response'] };
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(body));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  if (!address || typeof address === 'string') throw new Error('fake turnstile did not listen');
  return {
    url: `http://127.0.0.1:${address.port}/turnstile/v0/siteverify`,
    requests,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
