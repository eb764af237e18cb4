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
});
