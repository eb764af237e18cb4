/**
 * Spec part 8 ("The error catalogue"), message by message: each one the web app shows itself has a
 * key with exactly that English text, the same key in Hindi, and a use in the web app's source;
 * each one the server answers with is in the domain's catalogue (English and Hindi) and sent by
 * the server. The few the product deliberately does not show are listed with the reason.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ERRORS, type ErrorCode } from '@siteledger/domain';
import { describe, expect, it } from 'vitest';

type Tree = { [key: string]: string | Tree };

const here = path.dirname(fileURLToPath(import.meta.url));
const webSrc = path.resolve(here, '..');
const serverSrc = path.resolve(webSrc, '../../server/src');
const domainSrc = path.resolve(webSrc, '../../../packages/domain/src');

/** The web app's spec part 8 messages: shown by a screen from its own strings. */
interface WebMessage {
  kind: 'web';
  text: string;
}
/** Sent by the server (the catalogue's code, and the variant when the wording is one). */
interface ServerMessage {
  kind: 'server';
  text: string;
  code: ErrorCode;
  variant?: string;
  /** Literal source the server must contain where the message is produced (beyond the code). */
  sends?: string[];
}
/** A string key the spec names itself. */
interface KeyMessage {
  kind: 'key';
  key: string;
}
/** Not shown on purpose. */
interface NotShown {
  kind: 'not-shown';
  text: string;
  why: string;
}
type SpecMessage = WebMessage | ServerMessage | KeyMessage | NotShown;

const web = (text: string): WebMessage => ({ kind: 'web', text });
const server = (
  text: string,
  code: ErrorCode,
  extra: { variant?: string; sends?: string[] } = {},
): ServerMessage => ({ kind: 'server', text, code, ...extra });
/** `notFound('Return')` answers NOT_FOUND with "Return not found". */
const entity = (name: string): ServerMessage =>
  server('{entity} not found', 'NOT_FOUND', { variant: 'entity', sends: [`notFound('${name}')`] });

/**
 * Spec part 8, in its order. Where the spec writes a placeholder in words ("Only N units …",
 * "Cannot create/update/delete {entity}") the catalogue's template stands for it.
 */
const SPEC_PART_8: Record<string, SpecMessage[]> = {
  'Permissions and session': [
    server('Permission denied: Cannot {action} {entity}', 'PERMISSION_DENIED', {
      variant: 'action',
      sends: ['permissionDenied('],
    }),
    server('Permission denied: Only owners can {what}', 'PERMISSION_DENIED', {
      variant: 'owner_only',
      sends: [
        "owner('add users')",
        "owner('remove users')",
        "owner('change user roles')",
        "ownerOnly: 'delete a site'",
      ],
    }),
    server('User not authenticated', 'UNAUTHENTICATED'),
    server('Permission denied', 'PERMISSION_DENIED'),
    server('Cannot remove the last owner from the site', 'LAST_OWNER'),
    server('Cannot change role of the last owner', 'LAST_OWNER', { variant: 'demote' }),
    server('Access denied: you do not have access to this site', 'ACCESS_DENIED'),
  ],
  Authentication: [
    web('Login failed'),
    web('Registration failed'),
    server('Invalid credentials', 'INVALID_CREDENTIALS'),
    server('Invalid or expired reset link', 'RESET_LINK_INVALID'),
    server('This password reset link has expired', 'RESET_LINK_EXPIRED'),
    web('Failed to reset password'),
    server('Too many requests. Please wait a moment before trying again', 'RATE_LIMITED'),
    {
      kind: 'not-shown',
      text: 'No account found with this email address',
      why: 'POST /api/auth/password-reset answers 204 whether or not the email exists (API.md), so the page never tells who has an account',
    },
    server('Please complete the security verification', 'BOT_CHECK_REQUIRED'),
    server('Security verification failed. Please try again', 'BOT_CHECK_FAILED'),
    server('Security verification expired. Please verify again', 'BOT_CHECK_EXPIRED'),
  ],
  Invitations: [
    server('Invitation not found', 'INVITATION_NOT_FOUND'),
    server('You are already a member of this site', 'ALREADY_MEMBER', { variant: 'self' }),
    server('You cannot send an invitation to yourself', 'SELF_INVITE'),
    server('{email} is already a member of this site as {role}', 'ALREADY_MEMBER'),
    web('{{email}} is already a member of this site as {{role}}'),
    server(
      'An active invitation for this email already exists. It expires on {expires_at}',
      'INVITATION_PENDING',
    ),
    web('Failed to create invitation'),
    web('Failed to accept or decline invitation. Please try again'),
    server('No user found with email {email}', 'USER_NOT_FOUND'),
    server('User is already assigned to this site', 'ALREADY_ASSIGNED'),
  ],
  'Payments and credit notes': [
    server(
      'The balance of credit note {reference} has changed: requested {requested}, available {available}',
      'CREDIT_NOTE_BALANCE_CHANGED',
    ),
    server(
      'Credit notes must be used oldest first: use the older credit notes fully before newer ones or an account',
      'CREDIT_NOTE_PRIORITY',
    ),
    // "Credit note {id} not found" and "Credit note not found": notFound('Credit note').
    entity('Credit note'),
    server(
      'Account selection is required when credit notes do not cover the full payment amount.',
      'ACCOUNT_REQUIRED',
    ),
    entity('Payment'),
    entity('Account'),
    server(
      'Cannot delete payment with existing allocations. Please remove all allocations first.',
      'PAYMENT_HAS_ALLOCATIONS',
    ),
    server(
      'Cannot delete service booking: It has payments assigned to it. Please remove all payments before deleting.',
      'BOOKING_HAS_PAYMENTS',
    ),
  ],
  Returns: [
    entity('Return'),
    server('This item has already been fully returned', 'ALREADY_FULLY_RETURNED'),
    server(
      'Only {available} units available for return ({returned} already returned)',
      'RETURN_QUANTITY_EXCEEDED',
    ),
    web('Error checking return eligibility'),
    web('Error processing return. Please try again.'),
  ],
  Deliveries: [
    server('Failed to delete delivery items', 'DELIVERY_ITEMS_DELETE_FAILED'),
    server('Failed to delete delivery', 'DELIVERY_DELETE_FAILED'),
    {
      kind: 'not-shown',
      text: 'No delivery items found to reconnect',
      why: "the original re-linked a delivery's lines after editing; here a delivery and its lines change in one transaction, so there is nothing to reconnect",
    },
    {
      kind: 'not-shown',
      text: 'Failed to reconnect items',
      why: 'as above: no reconnect step exists',
    },
    web('Failed to upload photo'),
    web('Failed to load deliveries'),
  ],
  'Subscription and sites': [
    server('No site selected', 'NO_SITE_SELECTED'),
    server('No subscription to cancel', 'NO_SUBSCRIPTION'),
    server('No subscription to reactivate', 'NO_SUBSCRIPTION', { variant: 'reactivate' }),
    web('Failed to load subscription'),
    web('Failed to cancel subscription'),
    web('Failed to upgrade subscription'),
    web('Failed to reactivate subscription'),
    web('Payment failed'),
    server('Limit exceeded', 'LIMIT_EXCEEDED'),
    server('Feature not available in this plan', 'FEATURE_NOT_AVAILABLE'),
    web('The payment window could not be loaded. Check your connection and try again.'),
    web('Failed to create site. Please try again.'),
    web('Failed to update site. Please try again.'),
    { kind: 'key', key: 'sites.delete.error' },
    { kind: 'key', key: 'sites.delete.success' },
    server(
      'Your plan allows at most {limit} site(s). Upgrade your plan to create more sites.',
      'LIMIT_EXCEEDED',
      { variant: 'sites' },
    ),
  ],
  Generic: [
    web('An error occurred'),
    web('Network error occurred'),
    server('Please check your input', 'VALIDATION_FAILED'),
    server('Item not found', 'NOT_FOUND'),
    server('Server error occurred', 'INTERNAL'),
    web('Server error occurred'),
    web("You're offline"),
    web('Please select a site first'),
    web('Operation failed'),
    web('Failed to load image'),
    web('Failed to convert PDF'),
    web('Notification permission not granted'),
  ],
};

function readJson(file: string): Tree {
  return JSON.parse(fs.readFileSync(file, 'utf8')) as Tree;
}

function merge(target: Tree, source: Tree): Tree {
  const out: Tree = { ...target };
  for (const [key, value] of Object.entries(source)) {
    const existing = out[key];
    out[key] =
      typeof value === 'object' && typeof existing === 'object' ? merge(existing, value) : value;
  }
  return out;
}

/** The main strings with every feature fragment merged over them, as lib/i18n.ts loads them. */
function strings(language: 'en' | 'hi'): Map<string, string> {
  // One file per group and language (locales/<language>/<group>.json), merged in name order.
  const folder = path.join(webSrc, 'locales', language);
  let tree = fs
    .readdirSync(folder)
    .filter((name) => name.endsWith('.json'))
    .sort()
    .reduce<Tree>((all, name) => merge(all, readJson(path.join(folder, name))), {});
  const features = path.join(webSrc, 'features');
  for (const feature of fs.readdirSync(features).sort()) {
    const file = path.join(features, feature, 'locales', `${language}.json`);
    if (fs.existsSync(file)) tree = merge(tree, readJson(file));
  }
  const flat = new Map<string, string>();
  const walk = (node: Tree, prefix: string) => {
    for (const [key, value] of Object.entries(node)) {
      const name = prefix ? `${prefix}.${key}` : key;
      if (typeof value === 'string') flat.set(name, value);
      else walk(value, name);
    }
  };
  walk(tree, '');
  return flat;
}

function sources(root: string, test: (file: string) => boolean): string {
  const texts: string[] = [];
  const walk = (dir: string) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (test(entry.name)) texts.push(fs.readFileSync(full, 'utf8'));
    }
  };
  walk(root);
  return texts.join('\n');
}

const en = strings('en');
const hi = strings('hi');
const webSource = sources(
  webSrc,
  (name) => /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name) && !name.endsWith('.d.ts'),
);
/** The server and the domain rules it runs (not the catalogue itself, nor tests). */
const serverSource = [
  sources(serverSrc, (name) => name.endsWith('.ts')),
  sources(
    domainSrc,
    (name) => name.endsWith('.ts') && !name.endsWith('.test.ts') && name !== 'errors.ts',
  ),
].join('\n');
const sentByServer = (literal: string) => serverSource.includes(literal);

const usedByWeb = (key: string) =>
  webSource.includes(`'${key}'`) ||
  webSource.includes(`"${key}"`) ||
  webSource.includes(`\`${key}\``);

const all = Object.entries(SPEC_PART_8).flatMap(([section, messages]) =>
  messages.map((message) => ({ section, message })),
);

describe('spec part 8 messages', () => {
  it.each(all.filter(({ message }) => message.kind === 'web'))(
    '$section: "$message.text" is in en and hi and shown by the web app',
    ({ message }) => {
      const { text } = message as WebMessage;
      const keys = [...en].filter(([, value]) => value === text).map(([key]) => key);
      expect(keys, `no key reads "${text}" in en`).not.toEqual([]);
      const shown = keys.filter((key) => hi.get(key)?.trim() && usedByWeb(key));
      expect(
        shown,
        `keys ${keys.join(', ')}: one must be in hi and used in apps/web/src`,
      ).not.toEqual([]);
    },
  );

  it.each(all.filter(({ message }) => message.kind === 'key'))(
    '$section: key $message.key is in en and hi and used',
    ({ message }) => {
      const { key } = message as KeyMessage;
      expect(en.get(key)?.trim(), `${key} in en`).toBeTruthy();
      expect(hi.get(key)?.trim(), `${key} in hi`).toBeTruthy();
      expect(usedByWeb(key), `${key} used in apps/web/src`).toBe(true);
    },
  );

  it.each(all.filter(({ message }) => message.kind === 'server'))(
    '$section: "$message.text" is in the catalogue and sent by the server',
    ({ message }) => {
      const { text, code, variant, sends = [] } = message as ServerMessage;
      const definition: {
        en: string;
        hi: string;
        variants?: Record<string, { en: string; hi: string }>;
      } = ERRORS[code];
      const wording = variant ? definition.variants?.[variant] : definition;
      expect(wording?.en, `${code}${variant ? `/${variant}` : ''}`).toBe(text);
      expect(wording?.hi.trim()).toBeTruthy();
      expect(sentByServer(`'${code}'`), `the server sends ${code}`).toBe(true);
      if (variant) expect(sentByServer(`'${variant}'`), `variant ${variant} is sent`).toBe(true);
      for (const literal of sends) expect(sentByServer(literal), literal).toBe(true);
    },
  );

  it('lists what is deliberately not shown, and nothing else is missing', () => {
    const notShown = all.flatMap(({ message }) => (message.kind === 'not-shown' ? [message] : []));
    expect(notShown.map((message) => message.text)).toEqual([
      'No account found with this email address',
      'No delivery items found to reconnect',
      'Failed to reconnect items',
    ]);
    for (const message of notShown) {
      expect(message.why.length).toBeGreaterThan(20);
      expect([...en.values()]).not.toContain(message.text);
    }
  });
});
