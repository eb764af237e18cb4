import { describe, expect, it } from 'vitest';
import { resolveGuard, type GuardState } from './guards';

const signedOut: GuardState = { signedIn: false, siteId: null, role: null };
const noSite: GuardState = { signedIn: true, siteId: null, role: null };
const owner: GuardState = { signedIn: true, siteId: 's1', role: 'owner' };
const supervisor: GuardState = { signedIn: true, siteId: 's1', role: 'supervisor' };
const accountant: GuardState = { signedIn: true, siteId: 's1', role: 'accountant' };

describe('route guards (spec part 2, guard order)', () => {
  it('sends signed-out visitors of protected routes to /login', () => {
    expect(resolveGuard({ auth: true }, signedOut)).toBe('/login');
    expect(resolveGuard({ auth: true, site: true, permission: 'canRead' }, signedOut)).toBe(
      '/login',
    );
    expect(resolveGuard({ auth: true, site: true, ownerOnly: true }, signedOut)).toBe('/login');
  });

  it('sends signed-in users away from guest-only routes', () => {
    expect(resolveGuard({ guestOnly: true }, signedOut)).toBeNull();
    expect(resolveGuard({ guestOnly: true }, noSite)).toBe('/select-site');
    expect(resolveGuard({ guestOnly: true }, owner)).toBe('/');
  });

  it('asks for a site before checking roles', () => {
    expect(resolveGuard({ auth: true, site: true, ownerOnly: true }, noSite)).toBe('/select-site');
    expect(resolveGuard({ auth: true, site: true, permission: 'canRead' }, noSite)).toBe(
      '/select-site',
    );
  });

  it('keeps owner-only routes for owners', () => {
    const rule = { auth: true, site: true, ownerOnly: true };
    expect(resolveGuard(rule, owner)).toBeNull();
    expect(resolveGuard(rule, supervisor)).toBe('/');
  });

  it('checks the permission of the route', () => {
    expect(
      resolveGuard({ auth: true, site: true, permission: 'canViewFinancials' }, accountant),
    ).toBeNull();
    expect(resolveGuard({ auth: true, site: true, permission: 'canManageUsers' }, supervisor)).toBe(
      '/',
    );
    expect(
      resolveGuard({ auth: true, site: true, permission: 'canManageUsers' }, owner),
    ).toBeNull();
    expect(
      resolveGuard({ auth: true, site: true, permission: 'canRead' }, { ...owner, role: null }),
    ).toBe('/');
  });

  it('lets sign-in-only routes through without a site', () => {
    expect(resolveGuard({ auth: true }, noSite)).toBeNull();
  });

  it('sends a signed-out visitor to /login with the page asked for as next', () => {
    const invites = { pathname: '/invites', search: '?invitation=i1&token=t-1' };
    expect(resolveGuard({ auth: true }, signedOut, invites)).toBe(
      `/login?next=${encodeURIComponent('/invites?invitation=i1&token=t-1')}`,
    );
    expect(resolveGuard({ auth: true, site: true }, signedOut, { pathname: '/', search: '' })).toBe(
      '/login',
    );
  });

  it('after signing in or registering, follows a safe next and nothing else', () => {
    const at = (search: string) => ({ pathname: '/login', search });
    const next = '/invites?invitation=i1&token=t-1';
    expect(resolveGuard({ guestOnly: true }, noSite, at(`?next=${encodeURIComponent(next)}`))).toBe(
      next,
    );
    expect(
      resolveGuard({ guestOnly: true }, owner, {
        pathname: '/register',
        search: `?email=a%40b.in&next=${encodeURIComponent(next)}`,
      }),
    ).toBe(next);
    for (const unsafe of ['https://evil.example/x', '//evil.example/x', '/login?next=/']) {
      expect(
        resolveGuard({ guestOnly: true }, owner, at(`?next=${encodeURIComponent(unsafe)}`)),
      ).toBe('/');
    }
    expect(resolveGuard({ guestOnly: true }, noSite, at('?next=%2F%2Fevil.example'))).toBe(
      '/select-site',
    );
  });
});
