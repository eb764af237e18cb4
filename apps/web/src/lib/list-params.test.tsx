import { act, cleanup, render, screen } from '@testing-library/react';
import { MemoryRouter, useLocation } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { useListParams, type ListParamsDefaults } from './list-params';

const FILTERS = ['vendor', 'account'] as const;
const OPENER = { trigger: 'new', params: ['vendor', 'next'] } as const;

function Filters(props: ListParamsDefaults) {
  const list = useListParams(props);
  return <output data-testid="filters">{JSON.stringify(list.filters)}</output>;
}

function filtersAt(address: string, props: ListParamsDefaults) {
  render(
    <MemoryRouter initialEntries={[address]}>
      <Filters {...props} />
    </MemoryRouter>,
  );
  const filters = JSON.parse(screen.getByTestId('filters').textContent ?? '{}') as Record<
    string,
    string
  >;
  cleanup();
  return filters;
}

describe('useListParams with a link that opens the form', () => {
  afterEach(cleanup);

  it('does not read the opener’s parameters as filters while its trigger is in the address', () => {
    // /payments?new=1&vendor=…: the vendor is the new payment's, the list stays whole.
    expect(
      filtersAt('/payments?new=1&vendor=v1&account=a1', { filters: FILTERS, opener: OPENER }),
    ).toEqual({ vendor: '', account: 'a1' });
  });

  it('reads them as filters without the trigger, or when the list has no opener', () => {
    expect(filtersAt('/payments?vendor=v1', { filters: FILTERS, opener: OPENER })).toEqual({
      vendor: 'v1',
      account: '',
    });
    expect(filtersAt('/payments?new=1&vendor=v1', { filters: FILTERS })).toEqual({
      vendor: 'v1',
      account: '',
    });
  });
});

function TwoQuickFilters() {
  const list = useListParams({ filters: FILTERS });
  const location = useLocation();
  return (
    <>
      <button
        type="button"
        onClick={() => {
          // Two filters changed before React renders again, as a quick person (or a busy
          // machine) does: the second must not undo the first.
          list.setFilter('vendor', '');
          list.setFilter('account', 'a2');
        }}
      >
        both
      </button>
      <output data-testid="search">{location.search}</output>
    </>
  );
}

describe('useListParams with two changes before a render', () => {
  afterEach(cleanup);

  it('keeps both', () => {
    render(
      <MemoryRouter initialEntries={['/payments?vendor=v1&account=a1']}>
        <TwoQuickFilters />
      </MemoryRouter>,
    );
    act(() => screen.getByRole('button', { name: 'both' }).click());
    expect(screen.getByTestId('search').textContent).toBe('?account=a2');
  });
});
