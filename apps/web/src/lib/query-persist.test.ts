import { describe, expect, it } from 'vitest';
import { isKept } from './query-persist';

describe('the last-read data kept for offline use', () => {
  it("keeps a site's records and the person's own settings", () => {
    expect(isKept(['sites', 's1', 'dashboard'])).toBe(true);
    expect(isKept(['sites', 's1', 'deliveries', 'list', { page: 1 }])).toBe(true);
    expect(isKept(['me'])).toBe(true);
    expect(isKept(['config'])).toBe(true);
  });

  it('leaves out files (blobs) and the site list (restored only offline)', () => {
    expect(isKept(['files', 's1', 'photo.jpg'])).toBe(false);
    expect(isKept(['sites'])).toBe(false);
    expect(isKept(['plans'])).toBe(false);
  });
});
