import {
  bizDate,
  money,
  ref,
  registerRecordType,
  siteRecord,
  text,
  type Role,
} from '@siteledger/domain';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createElement as h } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../lib/i18n';
import type * as SessionModule from '../lib/session';
import type * as SiteRecordsModule from '../lib/site-records';
import type * as SubscriptionModule from '../lib/subscription-api';

/**
 * Issue 41: a record type is one registry entry. A throwaway type with a `page` but no list page
 * of its own reaches the route table, the sidebar, the quick actions and the tours, and its list
 * is drawn from its entry. The app's modules are imported after it is registered, as the app's
 * are imported after the registry is declared.
 */
const WIDGETS = siteRecord({
  collection: 'widgets',
  page: { path: '/widgets', key: 'widgets', order: 65, icon: 'Package', shortcut: 'w' },
  planResource: true,
  list: {
    sorts: ['name', 'price', 'bought_on', 'created'],
    defaultSort: '-bought_on',
    filters: ['vendor'],
    search: ['name'],
    date: 'bought_on',
  },
  fields: { name: text(), vendor: ref('vendors'), price: money(), bought_on: bizDate() },
});

// What its locale group would hold (apps/web/src/locales/{en,hi}/widgets.json).
const STRINGS = {
  pages: { widgets: { title: 'Widgets', description: 'Widgets of the site' } },
  widgets: {
    add: 'Add widget',
    searchPlaceholder: 'Search widgets',
    fields: { name: 'Name', price: 'Price', bought_on: 'Bought on' },
    deleteNamed: 'Delete {{name}}',
    editNamed: 'Edit {{name}}',
  },
};

const session = vi.hoisted(() => ({ role: 'owner' as Role | null }));
vi.mock('../lib/session', async (original) => ({
  ...(await original<typeof SessionModule>()),
  useSession: () => ({ role: session.role, siteId: 'site-1' }),
}));
vi.mock('../lib/subscription-api', async (original) => ({
  ...(await original<typeof SubscriptionModule>()),
  usePlanLimit: () => ({ blocked: false, reason: null, count: 0, limit: null }),
  useSubscription: () => ({ data: undefined, isError: false }),
}));

// The list the page asks for, answered without a server.
const reads = vi.hoisted(() => [] as [string, Record<string, unknown>][]);
vi.mock('../lib/site-records', async (original) => ({
  ...(await original<typeof SiteRecordsModule>()),
  useRecordList: (collection: string, params: Record<string, unknown>) => {
    reads.push([collection, params]);
    const items = [
      {
        id: 'w1',
        name: 'Cement mixer',
        vendor: 'vendor-id-77',
        price: 1250,
        bought_on: '2026-11-20',
      },
    ];
    return {
      data: { items, totalItems: 1, totalPages: 1 },
      isPending: false,
      isPlaceholderData: false,
      error: null,
      refetch: () => undefined,
    };
  },
  useDeleteRecord: () => ({
    mutate: () => undefined,
    reset: () => undefined,
    isPending: false,
    isError: false,
    error: null,
  }),
}));

let unregister: () => void = () => undefined;
beforeAll(() => {
  unregister = registerRecordType(WIDGETS);
  i18n.addResourceBundle('en', 'translation', STRINGS, true, true);
});
afterAll(() => unregister());

beforeEach(() => {
  session.role = 'owner';
  reads.length = 0;
});

async function renderList(url = '/widgets'): Promise<string> {
  const { RegistryListPage } = await import('../components/list-page/registry-list-page');
  return renderToStaticMarkup(
    h(
      QueryClientProvider,
      { client: new QueryClient() },
      h(MemoryRouter, { initialEntries: [url] }, h(RegistryListPage, { collection: 'widgets' })),
    ),
  );
}

describe('a record type declared only in the registry', () => {
  it('has a route, a sidebar entry in its order, a quick action and a tour', async () => {
    const { APP_ROUTES } = await import('./routes');
    const { NAV_ITEMS } = await import('../lib/navigation');
    const { QUICK_ACTIONS } = await import('./shell/quick-action-list');
    const { TOUR_PAGES, pathOfTour } = await import('../lib/onboarding');
    const { TOURS } = await import('../features/onboarding/tours');

    const route = APP_ROUTES.find((r) => r.path === '/widgets');
    expect(route?.rule).toEqual({ auth: true, site: true, permission: 'canRead' });
    expect(APP_ROUTES.map((r) => r.path)).not.toContain('/widgets/:id');

    const keys = NAV_ITEMS.map((item) => item.key);
    expect(keys.indexOf('widgets')).toBe(keys.indexOf('quotations') + 1);
    expect(NAV_ITEMS.find((item) => item.key === 'widgets')?.shortcut).toBe('w');

    expect(QUICK_ACTIONS.widgets).toEqual({
      key: 'widgets',
      path: '/widgets',
      navKey: 'widgets',
      access: 'canRead',
      resource: 'widgets',
    });

    expect(TOUR_PAGES).toContain('widgets');
    expect(pathOfTour('widgets')).toBe('/widgets');
    const targets = (TOURS.widgets ?? []).map((step) => step.target).join(' ');
    for (const id of ['widgets-add', 'widgets-toolbar', 'widgets-table']) {
      expect(targets).toContain(`[data-testid="${id}"]`);
    }
  });

  it('gets a list page drawn from its entry: columns, formats, sort and actions', async () => {
    const html = await renderList();
    expect(html).toContain('data-testid="page-widgets"');
    expect(html).toContain('data-testid="widgets-add"');
    expect(html).toContain('data-testid="widgets-toolbar"');
    expect(html).toContain('data-testid="widgets-row-w1"');
    expect(html).toContain('data-testid="widgets-delete-w1"');
    // Its list downloads as CSV or Excel (the server's GET …/widgets/export).
    expect(html).toContain('data-testid="widgets-export"');
    for (const shown of ['Widgets', 'Name', 'Price', 'Bought on', 'Cement mixer', '₹1,250.00']) {
      expect(html).toContain(shown);
    }
    // A reference is an id, not something to read: it is no column.
    expect(html).not.toContain('vendor-id-77');
    expect(reads[0]?.[0]).toBe('widgets');
    expect(reads[0]?.[1]).toMatchObject({ sort: '-bought_on' });
  });

  it("turns its form's inputs into a request body by the fields' codecs", async () => {
    const { bodyOf, formFields, formValuesOf } =
      await import('../components/list-page/registry-fields');
    const fields = formFields(WIDGETS);
    expect(fields.map(([field]) => field)).toEqual(['name', 'price', 'bought_on']);
    const row = { id: 'w1', name: 'Cement mixer', price: 1250.5, bought_on: null };
    const values = formValuesOf(fields, row);
    expect(values).toEqual({ name: 'Cement mixer', price: '1250.5', bought_on: '' });
    expect(bodyOf(fields, { ...values, name: ' Mixer ' }, false)).toEqual({
      name: 'Mixer',
      price: 1250.5,
    });
    expect(bodyOf(fields, values, true)).toEqual({
      name: 'Cement mixer',
      price: 1250.5,
      bought_on: null,
    });
  });

  it('offers no add, edit or delete where the entry has no such route', async () => {
    const remove = registerRecordType(
      siteRecord({
        collection: 'gadgets',
        permissions: { read: 'canRead' },
        page: { path: '/gadgets', key: 'gadgets', order: 66, icon: 'Package', shortcut: 'j' },
        fields: { name: text() },
      }),
    );
    try {
      const { RegistryListPage } = await import('../components/list-page/registry-list-page');
      const html = renderToStaticMarkup(
        h(
          QueryClientProvider,
          { client: new QueryClient() },
          h(
            MemoryRouter,
            { initialEntries: ['/gadgets'] },
            h(RegistryListPage, { collection: 'gadgets' }),
          ),
        ),
      );
      expect(html).toContain('data-testid="gadgets-row-w1"');
      expect(html).not.toContain('gadgets-add');
      expect(html).not.toContain('gadgets-edit-w1');
      expect(html).not.toContain('gadgets-delete-w1');
    } finally {
      remove();
    }
  });

  it('offers no add, edit or delete to a role that may not', async () => {
    session.role = 'accountant';
    const html = await renderList();
    expect(html).toContain('Cement mixer');
    expect(html).not.toContain('widgets-add');
    expect(html).not.toContain('widgets-delete-w1');
  });
});
