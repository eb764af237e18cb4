/**
 * "Release retention" against a stubbed POST …/release_retention: before the retention's due date
 * the dialog warns and offers an owner "Release early", which sends `early: true`; unticked, the
 * server's refusal (409 RETENTION_NOT_DUE) is shown in its words, and its due date is taken up.
 */
import type { WorkOrder } from '@siteledger/domain';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { toast } from '../../lib/toast-store';
import { WoRetentionDialog } from './wo-retention-dialog';

vi.mock('../../lib/session', () => ({
  useSession: () => ({ status: 'signed-in', role: 'owner', siteId: 'site-a' }),
}));

const REFUSAL =
  'Retention falls due on 2099-01-01: release it earlier only against a bank guarantee';

/** The server: a release dated before 2099-01-01 needs `early`. */
function stubServer(due = '2099-01-01') {
  const sent: Record<string, unknown>[] = [];
  vi.stubGlobal('fetch', (_input: RequestInfo | URL, init?: RequestInit) => {
    const body = JSON.parse(String(init?.body ?? '{}')) as Record<string, unknown>;
    sent.push(body);
    const refused = String(body.release_date) < due && body.early !== true;
    const reply = refused
      ? {
          status: 409,
          code: 'RETENTION_NOT_DUE',
          message: REFUSAL,
          data: { retention_due_date: due },
        }
      : { id: 'rab000000000003', number: 'RA-3', net_payable: 42000 };
    return Promise.resolve(
      new Response(JSON.stringify(reply), {
        status: refused ? 409 : 201,
        headers: { 'content-type': 'application/json' },
      }),
    );
  });
  return sent;
}

function open(order: Pick<WorkOrder, 'id' | 'retention_held' | 'retention_due_date'>) {
  const onOpenChange = vi.fn();
  render(
    <QueryClientProvider client={new QueryClient()}>
      <WoRetentionDialog open onOpenChange={onOpenChange} order={order} />
    </QueryClientProvider>,
  );
  return onOpenChange;
}

const submit = () => fireEvent.click(screen.getByTestId('wo-retention-form-submit'));

describe('release retention dialog', () => {
  afterEach(() => {
    cleanup();
    toast.clear();
    vi.unstubAllGlobals();
  });

  it('before the due date: warns, refuses without "Release early", sends early: true with it', async () => {
    const sent = stubServer();
    const onOpenChange = open({
      id: 'wo0000000000001',
      retention_held: 42000,
      retention_due_date: '2099-01-01',
    });
    screen.getByText('Held: ₹42,000.00 · falls due on 1 Jan 2099');
    expect(screen.getByTestId('wo-retention-not-due').textContent).toContain('1 Jan 2099');
    const early = screen.getByTestId('wo-retention-early') as HTMLInputElement;
    expect(early.checked).toBe(false);

    submit();
    const error = await screen.findByTestId('wo-retention-form-error');
    expect(error.textContent).toContain(REFUSAL);
    expect(sent[0]).not.toHaveProperty('early');

    fireEvent.click(early);
    submit();
    await waitFor(() => expect(onOpenChange).toHaveBeenCalledWith(false));
    expect(sent[1]).toMatchObject({ amount: 42000, early: true });
  });

  it('on or after the due date: no warning, and no `early` in the body', async () => {
    const sent = stubServer('2000-01-01');
    const onOpenChange = open({
      id: 'wo0000000000001',
      retention_held: 1500,
      retention_due_date: '2000-01-01',
    });
    expect(screen.queryByTestId('wo-retention-not-due')).toBeNull();
    submit();
    await waitFor(() => expect(onOpenChange).toHaveBeenCalledWith(false));
    expect(sent[0]).not.toHaveProperty('early');
  });

  it("takes up the server's due date when the page had none", async () => {
    stubServer();
    open({ id: 'wo0000000000001', retention_held: 42000, retention_due_date: null });
    expect(screen.queryByTestId('wo-retention-not-due')).toBeNull();
    submit();
    await screen.findByTestId('wo-retention-not-due');
    screen.getByText('Held: ₹42,000.00 · falls due on 1 Jan 2099');
    expect(screen.getByTestId('wo-retention-form-error').textContent).toContain(REFUSAL);
    screen.getByTestId('wo-retention-early');
  });
});
