import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Download } from 'playwright-core';

/** A 1×1 PNG: the server checks an upload's type by its content. */
export const PNG_1X1 = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);

/**
 * A finished download as a local file. The suite's browsers are connected to (one Chromium per
 * worker, e2e/global-setup.ts), and Playwright gives no `path()` over a connection: the file is
 * copied here with `saveAs`, under a fresh temporary directory, keeping its suggested name.
 */
export async function downloadedPath(download: Download): Promise<string> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'siteledger-download-'));
  const file = path.join(dir, download.suggestedFilename());
  await download.saveAs(file);
  return file;
}
