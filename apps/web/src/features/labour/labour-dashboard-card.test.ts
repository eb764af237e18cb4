import { describe, expect, it } from 'vitest';
import { labourTiles } from './labour-dashboard-card';

/** The key and its values, so a tile's texts can be read without the strings. */
const t = (key: string, options?: Record<string, unknown>) =>
  options ? `${key} ${JSON.stringify(options)}` : key;

describe('dashboard labour card', () => {
  it('shows who is on site, the month’s cost and the unpaid sheets, each linking where it is done', () => {
    const tiles = labourTiles(
      {
        labour_present_today: 23,
        labour_man_days_today: 21.75,
        labour_cost_month: 184250.5,
        wage_sheets_unpaid: 46800,
      },
      t,
      true,
    );
    expect(tiles.map((tile) => [tile.id, tile.to, tile.value])).toEqual([
      ['present', '/labour', '23'],
      ['cost', '/labour', '₹1,84,250.50'],
      ['unpaid', '/wage-sheets', '₹46,800.00'],
    ]);
    expect(tiles[0]?.caption).toBe('wageSheets.dashboard.manDays {"days":"21.75"}');
  });

  it('leaves out what the answer does not carry, and the unpaid sheets from a supervisor', () => {
    const answer = { labour_present_today: 4, labour_man_days_today: 4, labour_cost_month: 0 };
    expect(labourTiles(answer, t, true).map((tile) => tile.id)).toEqual(['present', 'cost']);
    const withUnpaid = { ...answer, wage_sheets_unpaid: 1200 };
    expect(labourTiles(withUnpaid, t, false).map((tile) => tile.id)).toEqual(['present', 'cost']);
    // A server from before issue 44: no card at all.
    expect(labourTiles({}, t, true)).toEqual([]);
  });
});
