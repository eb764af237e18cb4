import type { Role } from '@siteledger/domain';
import { createElement as h } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../lib/i18n';
import { confirmDelete } from './delete-confirm';
import { ListPage } from './list-page';
import { useListPage } from './use-list-page';

// The skeleton reads the role and the plan's limits; the test sets them instead of a server.
const session = vi.hoisted(() => ({ role: 'owner' as Role | null }));
vi.mock('../../lib/session', () => ({ useSession: () => ({ role: session.role }) }));
vi.mock('../../lib/subscription-api', () => ({
  usePlanLimit: () => ({ blocked: false, reason: null, count: 0, limit: null }),
  useSubscription: () => ({ data: undefined, isError: false }),
}));

interface Row {
  id: string;
  name: string;
}

const NAMES = { ns: 'items', one: 'item', many: 'items' };

function FakeList({ rows }: { rows: Row[] }) {
  const page = useListPage<Row>({ names: NAMES, resource: 'items', rowName: (row) => row.name });
  const query = {
    data: { items: rows, totalItems: rows.length, totalPages: 1 },
    isPending: false,
    isPlaceholderData: false,
    error: null,
    refetch: () => undefined,
  };
  return h(ListPage<Row>, {
    page,
    query,
    columns: [{ key: 'name', header: 'Name', cell: (row: Row) => row.name }, ...page.actionsColumn],
    mobileCard: (row: Row) => row.name,
    rowHref: (row: Row) => `/rows/${row.id}`,
    emptyIcon: null,
  });
}

/** The page as HTML, at `url` (its query string is the list's search and filters). */
function render(rows: Row[], url = '/items'): string {
  return renderToStaticMarkup(h(MemoryRouter, { initialEntries: [url] }, h(FakeList, { rows })));
}

/** The text a person reads (tags gone, entities decoded). */
const textOf = (html: string) =>
  html
    .replace(/<[^>]+>/g, ' ')
    .replace(/&#x27;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/&amp;/g, '&');

const t = (key: string, values?: Record<string, string>) => i18n.t(key, values);

describe('list page skeleton', () => {
  beforeEach(() => {
    session.role = 'owner';
  });

  it('shows the header, toolbar, rows with their actions and pagination', () => {
    const html = render([
      { id: 'a', name: 'OPC cement' },
      { id: 'b', name: 'River sand' },
    ]);
    expect(html).toContain('data-testid="page-items"');
    expect(html).toContain('data-tour="items-page"');
    expect(html).toContain('data-testid="item-add"');
    expect(html).toContain('data-testid="items-toolbar"');
    expect(html).toContain('data-testid="item-row-a"');
    expect(html).toContain('data-testid="item-edit-b"');
    expect(html).toContain('data-testid="item-delete-b"');
    expect(textOf(html)).toContain(t('pages.items.title'));
    expect(textOf(html)).toContain('River sand');
    expect(html).not.toContain('items-table-empty');
  });

  it('hides add, edit and delete from a role that may not use them', () => {
    session.role = 'accountant';
    const html = render([{ id: 'a', name: 'OPC cement' }]);
    expect(html).not.toContain('item-add');
    expect(html).not.toContain('item-edit-a');
    expect(html).not.toContain('item-delete-a');
    expect(textOf(html)).not.toContain(t('kit.actions.actions'));
  });

  it('shows "nothing yet" with the add button when the list is empty', () => {
    const text = textOf(render([]));
    expect(text).toContain(t('items.empty.title'));
    expect(text).toContain(t('items.empty.description'));
    expect(text).toContain(t('items.add'));
    expect(text).not.toContain(t('items.empty.filteredTitle'));
  });

  it('shows "nothing matches" with Clear filters when a search or filter is set', () => {
    const html = render([], '/items?q=zinc');
    const text = textOf(html);
    expect(html).toContain('data-testid="items-table-empty"');
    expect(text).toContain(t('items.empty.filteredTitle'));
    expect(text).toContain(t('items.empty.filteredDescription'));
    expect(text).toContain(t('kit.toolbar.clear'));
    expect(text).not.toContain(t('items.empty.title'));
  });
});

describe('delete confirmation', () => {
  const row = { id: 'r1', name: 'OPC cement' };

  it('deletes the row and, once the server agrees, closes, says so, then leaves', () => {
    const order: string[] = [];
    let succeed: (() => void) | undefined;
    const mutate = vi.fn((id: string, options: { onSuccess: () => void }) => {
      order.push(`mutate ${id}`);
      succeed = options.onSuccess;
    });
    confirmDelete(
      row,
      { mutate },
      {
        close: () => order.push('close'),
        notify: (message) => order.push(`toast ${message}`),
        message: (deleted) => t('items.toast.deleted', { name: deleted.name }),
        onDeleted: () => order.push('leave'),
      },
    );
    // Still open while the delete runs (a refusal shows in the dialog).
    expect(order).toEqual(['mutate r1']);
    succeed?.();
    expect(order).toEqual([
      'mutate r1',
      'close',
      `toast ${t('items.toast.deleted', { name: 'OPC cement' })}`,
      'leave',
    ]);
  });
});
