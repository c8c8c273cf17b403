import { createHmac } from 'node:crypto';
import { readFileSync } from 'node:fs';
import AxeBuilder from '@axe-core/playwright';
import { type APIRequestContext, expect, type Locator, test as base, type Page } from '@playwright/test';

export { expect } from '@playwright/test';
export type { APIRequestContext, Locator, Page, Request } from '@playwright/test';

/**
 * Waits until React has taken over a page the server rendered (the app marks the document
 * `data-hydrated` then, src/entry-client.tsx). Before that its buttons only record clicks, and
 * the tests here are about what the app does with input.
 */
export async function hydrated(page: Page): Promise<void> {
  await page.waitForFunction(
    () => !document.getElementById('page-data') || document.documentElement.hasAttribute('data-hydrated'),
  );
}

/**
 * The suite's `test`: with JavaScript on, `page.goto` and `page.reload` return once the page
 * is hydrated (server-rendered pages are visible, and clickable by a person, before that);
 * `waitUntil: 'commit'` returns at once, to act before hydration.
 */
export const test = base.extend({
  page: async ({ page, javaScriptEnabled }, use) => {
    if (javaScriptEnabled) {
      const goto = page.goto.bind(page);
      const reload = page.reload.bind(page);
      page.goto = async (...args) => {
        const response = await goto(...args);
        if (args[1]?.waitUntil !== 'commit') await hydrated(page);
        return response;
      };
      page.reload = async (...args) => {
        const response = await reload(...args);
        await hydrated(page);
        return response;
      };
    }
    await use(page);
  },
});

/** Lists the product spec fixes word for word, shared with the unit tests that pin them. */
export const specLists = JSON.parse(
  readFileSync(new URL('../../frontend/src/testing/spec-lists.json', import.meta.url), 'utf8'),
) as { primaryNavigation: [string, string][]; webhookPayloadKeys: string[]; privacySectionTitles: string[] };

/** The admin navigation each staff role sees, shared with the unit tests that pin it. */
export const adminSections = JSON.parse(
  readFileSync(new URL('../../frontend/src/testing/admin-sections.json', import.meta.url), 'utf8'),
) as { content: string[]; editor: string[]; author: string[] };

/** The admin passcode with-server.sh configured the server with. */
export const ADMIN_PASSCODE = process.env.E2E_ADMIN_PASSCODE ?? 'e2e-admin-passcode-2026';

/** Every page load in `page` from now on starts with the cookie banner answered (`value`). */
export async function withConsent(page: Page, value: 'accepted' | 'declined' = 'declined'): Promise<void> {
  await page.addInitScript((consent) => {
    window.localStorage.setItem('cookieConsent', consent);
  }, value);
}

/** Every page load in `page` from now on starts with the cookie banner answered ("declined"). */
export async function declineCookies(page: Page): Promise<void> {
  await withConsent(page, 'declined');
}

/** The page's heading of that level with exactly that name. */
export const h1 = (page: Page, name: string) => page.getByRole('heading', { level: 1, name, exact: true });
export const h2 = (page: Page, name: string) => page.getByRole('heading', { level: 2, name, exact: true });
export const h3 = (page: Page, name: string) => page.getByRole('heading', { level: 3, name, exact: true });

/** Signs in with the passcode; the admin area opens on /admin/blog. */
export async function signInAsAdmin(page: Page): Promise<void> {
  await page.goto('/auth');
  await page.getByLabel('Passcode').fill(ADMIN_PASSCODE);
  await page.getByRole('button', { name: 'Access Admin' }).click();
  await expect(page).toHaveURL(/\/admin\/blog$/);
}

/** Signs in and opens an admin section from the sidebar: its link, then its URL and page heading. */
export async function openAdminSection(page: Page, link: string, url: RegExp, heading: string): Promise<void> {
  await signInAsAdmin(page);
  await page.getByRole('link', { name: link, exact: true }).click();
  await expect(page).toHaveURL(url);
  await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
}

/** The anon key of the runtime configuration the server put in the page ('' when there is none). */
export async function anonKey(page: Page): Promise<string> {
  return page.evaluate(() => {
    const text = document.getElementById('runtime-config')?.textContent ?? '{}';
    return (JSON.parse(text) as { supabaseAnonKey?: string }).supabaseAnonKey ?? '';
  });
}

/** The admin token the sign-in stored in the page's localStorage (null when there is none). */
/** The anon key, from the runtime configuration every page carries (the gateway wants a key). */
export async function anonKeyOf(request: APIRequestContext): Promise<string> {
  const html = await (await request.get('/auth')).text();
  const config = /<script id="runtime-config" type="application\/json">([^<]*)<\/script>/.exec(html);
  return (JSON.parse(config?.[1] ?? '{}') as { supabaseAnonKey: string }).supabaseAnonKey;
}

export async function storedAdminToken(page: Page): Promise<string | null> {
  return page.evaluate(() => window.localStorage.getItem('admin_token'));
}

/** The anon key of the runtime configuration and the admin token the sign-in stored, for API calls. */
export async function apiKeys(page: Page): Promise<{ anon: string; admin: string }> {
  return { anon: await anonKey(page), admin: (await storedAdminToken(page)) ?? '' };
}

/**
 * Stores `row` as a whitepaper lead through /rest/v1 with the admin token the sign-in stored (the
 * admin needs no lead ticket; the form's own path is covered in public-data.spec.ts); it must be
 * created (201).
 */
export async function insertWhitepaperLead(
  page: Page,
  request: APIRequestContext,
  row: Record<string, string>,
): Promise<void> {
  const { anon, admin } = await apiKeys(page);
  const inserted = await request.post('/rest/v1/whitepaper_submissions', {
    headers: { apikey: anon, Authorization: `Bearer ${admin}`, Prefer: 'return=minimal' },
    data: row,
  });
  expect(inserted.status(), await inserted.text()).toBe(201);
}

/**
 * Fills the whitepaper lead form in `dialog` with `answers` (label, value), waits for the ALTCHA
 * widget (auto="onfocus": it solves its proof of work once the form has focus) and for the
 * too-fast check (at least 3 s after opening), and submits.
 */
export async function submitWhitepaperLeadForm(
  page: Page,
  dialog: Locator,
  answers: [string, string][],
): Promise<void> {
  for (const [label, value] of answers) await dialog.getByLabel(label, { exact: true }).fill(value);
  await expect(dialog.getByRole('checkbox', { name: 'Verified' })).toBeChecked({ timeout: 45_000 });
  const submit = dialog.getByRole('button', { name: 'Access Downloads' });
  await expect(submit).toBeEnabled({ timeout: 45_000 });
  await page.waitForTimeout(3100); // the too-fast check: at least 3 s after opening
  await submit.click();
}

/**
 * Drags a file (`name`, of `type`, holding `bytes`) over `zone` as a browser does (dragenter,
 * dragover), checks the zone shows it will take it (`activeClass`), and drops it there.
 */
export async function dropFile(
  zone: Locator,
  file: { name: string; type: string; bytes: Buffer },
  activeClass: RegExp,
): Promise<void> {
  const dropped = await zone.page().evaluateHandle(
    ({ name, type, base64 }) => {
      const transfer = new DataTransfer();
      const bytes = Uint8Array.from(atob(base64), (char) => char.charCodeAt(0));
      transfer.items.add(new File([bytes], name, { type }));
      return transfer;
    },
    { name: file.name, type: file.type, base64: file.bytes.toString('base64') },
  );
  await zone.dispatchEvent('dragenter', { dataTransfer: dropped });
  await zone.dispatchEvent('dragover', { dataTransfer: dropped });
  await expect(zone).toHaveClass(activeClass);
  await zone.dispatchEvent('drop', { dataTransfer: dropped });
}

/** with-server.sh starts the server without JWT_SECRET, i.e. on the local demo secret. */
const JWT_SECRET = process.env.JWT_SECRET ?? 'super-secret-jwt-token-with-at-least-32-characters-long';

/** A token of these claims signed with the project's JWT secret (HS256). */
export function signJwt(claims: Record<string, unknown>): string {
  const header = Buffer.from(JSON.stringify({ alg: 'HS256', typ: 'JWT' })).toString('base64url');
  const body = Buffer.from(JSON.stringify(claims)).toString('base64url');
  const signature = createHmac('sha256', JWT_SECRET).update(`${header}.${body}`).digest('base64url');
  return `${header}.${body}.${signature}`;
}

/** The service_role key of the test server (what the admin API of /auth/v1 takes). */
export const SERVICE_ROLE_KEY = signJwt({ role: 'service_role', iss: 'e2e' });

const BASE32 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';

/**
 * The 6-digit TOTP code (RFC 6238: SHA-1, 30-second steps) an authenticator app would show for a
 * base32 `secret` (spaces ignored), `steps` steps from now.
 */
export function totpCode(secret: string, steps = 0, now = Date.now()): string {
  const bits = secret
    .replace(/[\s=]/g, '')
    .toUpperCase()
    .split('')
    .map((char) => BASE32.indexOf(char).toString(2).padStart(5, '0'))
    .join('');
  const key = Buffer.from(bits.match(/.{8}/g)?.map((byte) => parseInt(byte, 2)) ?? []);
  const counter = Buffer.alloc(8);
  counter.writeBigUInt64BE(BigInt(Math.floor(now / 30_000) + steps));
  const digest = createHmac('sha1', key).update(counter).digest();
  const offset = digest[digest.length - 1] & 0x0f;
  const value = (digest.readUInt32BE(offset) & 0x7fffffff) % 1_000_000;
  return String(value).padStart(6, '0');
}

/** Milliseconds until the next 30-second TOTP step (a code is accepted once per step). */
export function msToNextTotpStep(now = Date.now()): number {
  return 30_000 - (now % 30_000) + 250;
}

/** The development mail catcher of the server under test (with-server.sh exports its address). */
export const MAILBOX_URL = process.env.CLAIMBRIDGE_MAILBOX_URL ?? 'http://localhost:54324';

export interface CaughtEmail {
  subject: string;
  text: string;
}

/**
 * The newest email to `address` caught at or after `since` (Mailpit's API: search, then the
 * message), waited for up to 15 seconds.
 */
export async function emailTo(address: string, since: Date): Promise<CaughtEmail> {
  const query = encodeURIComponent(`to:${address}`);
  for (let tries = 0; tries < 60; tries += 1) {
    const found = (await (await fetch(`${MAILBOX_URL}/api/v1/search?query=${query}`)).json()) as {
      messages: { ID: string; Created: string }[];
    };
    const newest = found.messages.find((message) => new Date(message.Created).getTime() >= since.getTime() - 1000);
    if (newest) {
      const message = (await (await fetch(`${MAILBOX_URL}/api/v1/message/${newest.ID}`)).json()) as {
        Subject: string;
        Text: string;
      };
      return { subject: message.Subject, text: message.Text };
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`no email to ${address} since ${since.toISOString()}`);
}

/** The auth server's link in an email (its /auth/v1/verify address). */
export function verifyLinkIn(email: CaughtEmail): string {
  const link = /https?:\/\/\S+\/auth\/v1\/verify\?\S+/.exec(email.text)?.[0];
  if (!link) throw new Error(`no verification link in "${email.subject}":\n${email.text}`);
  return link.replace(/[>).,]+$/, '');
}

/**
 * Answers the admin's confirmation dialog titled `title` with its `action` button (after
 * checking it says `says`, when given); resolves once it has closed.
 */
export async function confirmDialog(page: Page, title: string, action: string, says?: string): Promise<void> {
  const dialog = page.getByRole('dialog', { name: title });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Cancel' })).toBeFocused();
  if (says) await expect(dialog).toContainText(says);
  await dialog.getByRole('button', { name: action, exact: true }).click();
  await expect(dialog).toBeHidden();
}

/** axe's findings on the page (or on the part `include` selects), one line each: rule and elements. */
export async function axeViolations(page: Page, include?: string): Promise<string[]> {
  const builder = new AxeBuilder({ page });
  const { violations } = await (include ? builder.include(include) : builder).analyze();
  return violations.map(({ id, nodes }) => `${id}: ${nodes.map((node) => node.target.join(' ')).join(', ')}`);
}

export async function expectAxeClean(page: Page, include?: string): Promise<void> {
  expect(await axeViolations(page, include)).toEqual([]);
}

/** How many pixels the page is wider than the window (0 or less: no sideways scrolling). */
export function horizontalOverflow(page: Page): Promise<number> {
  return page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
}

export async function expectNoHorizontalScroll(page: Page): Promise<void> {
  expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
}

/** Invites `displayName` as staff with `role` through the staff-invite function, as the signed-in passcode. */
export async function inviteStaff(
  page: Page,
  request: APIRequestContext,
  invite: { email: string; role: 'owner' | 'editor' | 'author'; displayName: string },
): Promise<void> {
  const { anon, admin } = await apiKeys(page);
  const invited = await request.post('/functions/v1/staff-invite', {
    headers: { apikey: anon, Authorization: `Bearer ${admin}` },
    data: { action: 'invite', email: invite.email, role: invite.role, display_name: invite.displayName },
  });
  expect(invited.status(), await invited.text()).toBe(200);
}

/**
 * A contact lead posted straight to the lead relay without a captcha, as a bot would: the relay
 * stores it flagged as spam (202). The payload has every field the site's contact form sends.
 */
export async function relayLeadWithoutCaptcha(request: APIRequestContext, stamp: number, email: string): Promise<void> {
  const relayed = await request.post('/functions/v1/lead-relay', {
    headers: { 'content-type': 'text/plain;charset=UTF-8' },
    data: JSON.stringify({
      companyName: `Bot Supplies ${stamp}`,
      yourName: 'Bot Botson',
      email,
      phone: '000',
      howCanWeHelp: 'Cheap pills',
      howManyUsers: '1',
      yearsInBusiness: '1',
      claimsPerMonth: '1',
      currentSoftware: 'None',
      aboutProducts: 'None',
      timestamp: new Date().toISOString(),
      source: 'ClaimBridge website contact form',
      recaptchaToken: '',
    }),
  });
  expect(relayed.status()).toBe(202);
}
