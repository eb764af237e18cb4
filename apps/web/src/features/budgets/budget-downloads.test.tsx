/**
 * The budget page's downloads menu (issue 45): PDF, Excel and CSV of the report, each fetched
 * for the site and saved under the server's name; offered only with the lines' money in view.
 */
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import type { BudgetLine } from '@siteledger/domain';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { BudgetDownloads, useBudgetDownloadsShown } from './budget-downloads';

const mocks = vi.hoisted(() => ({
  fetchBudgetReport: vi.fn(),
  saveFile: vi.fn(),
  role: 'owner' as string | null,
}));

vi.mock('../../data/budgets', () => ({ fetchBudgetReport: mocks.fetchBudgetReport }));
vi.mock('../../lib/downloads', () => ({ saveFile: mocks.saveFile }));
vi.mock('../../lib/session', () => ({ useSession: () => ({ role: mocks.role, siteId: 'site1' }) }));

describe('budget downloads', () => {
  beforeEach(() => {
    mocks.fetchBudgetReport.mockReset();
    mocks.saveFile.mockReset();
    mocks.role = 'owner';
  });
  afterEach(cleanup);

  it('fetches the chosen file for the site and saves it under its name', async () => {
    const file = { blob: new Blob(['%PDF']), filename: 'budget-Green-Valley-2026-11-30.pdf' };
    mocks.fetchBudgetReport.mockResolvedValue(file);
    render(<BudgetDownloads />);
    const trigger = screen.getByTestId('budget-downloads');
    expect(trigger.textContent).toContain('Download');
    fireEvent.keyDown(trigger, { key: 'Enter' });
    const items = await screen.findAllByRole('menuitem');
    expect(items.map((item) => item.getAttribute('data-testid'))).toEqual([
      'budget-downloads-pdf',
      'budget-downloads-xlsx',
      'budget-downloads-csv',
    ]);
    fireEvent.click(screen.getByTestId('budget-downloads-pdf'));
    await waitFor(() => expect(mocks.saveFile).toHaveBeenCalledWith(file));
    expect(mocks.fetchBudgetReport).toHaveBeenCalledWith('site1', 'pdf');
  });

  it('is offered to the roles that export when the lines carry their money', () => {
    const line = (view: BudgetLine['view']) => ({ view }) as BudgetLine;
    function Probe({ lines }: { lines: BudgetLine[] | undefined }) {
      return <span data-testid="shown">{String(useBudgetDownloadsShown(lines))}</span>;
    }
    const shown = (lines: BudgetLine[] | undefined) => {
      cleanup();
      render(<Probe lines={lines} />);
      return screen.getByTestId('shown').textContent;
    };
    expect(shown([line('full')])).toBe('true');
    expect(shown([])).toBe('false');
    expect(shown(undefined)).toBe('false');
    mocks.role = 'supervisor';
    expect(shown([line('quantities')])).toBe('false');
    mocks.role = null;
    expect(shown([line('full')])).toBe('false');
  });
});
