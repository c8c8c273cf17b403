/** What is being edited: a post (its id) or a page (its route). */
export type EditedThing = { kind: 'post'; id: string } | { kind: 'page'; route: string };

/**
 * The private channel of an edited post or page, which only staff may join (the page's SEO and
 * content editors share it: they edit the same row).
 */
export function editingTopic(thing: EditedThing): string {
  return thing.kind === 'post' ? `admin:post:${thing.id}` : `admin:page:${thing.route}`;
}

/** What each tab with a post or page open tells the others (its presence payload). */
export interface EditorPresence {
  /** How the admin names the person: their display name, else their email; 'Passcode' for the passcode. */
  name: string;
  /** Their auth user id (null for the passcode). */
  user_id: string | null;
  /** When this tab joined (ISO instant). */
  since: string;
}

/** Someone else with the same post or page open, once however many tabs they have it open in. */
export interface OtherEditor {
  key: string;
  name: string;
  /** When their first tab joined. */
  since: string;
}

/** Who a person is in presence: their user id, the same in each of their tabs; one for the passcode. */
export function personOf(session: { userId: string | null }): string {
  return session.userId ?? 'passcode';
}

/**
 * A tab's presence key: its person and the tab ('user-ana/k3x9'). One key per tab, not per
 * person: supabase-js before 2.111 loses track of a key's other tabs when one of them joins or
 * leaves (supabase/supabase-js#2565: a person who closed every tab stayed "editing" for the
 * others), so the tabs are told apart by key and grouped into people here.
 */
export function presenceKeyOf(person: string, tab: string): string {
  return `${person}/${tab}`;
}

/** The person of a presence key (a key without a tab is a person's own). */
function personOfKey(key: string): string {
  const slash = key.indexOf('/');
  return slash < 0 ? key : key.slice(0, slash);
}

function isEditorPresence(meta: unknown): meta is EditorPresence {
  if (typeof meta !== 'object' || meta === null) return false;
  const { name, since } = meta as Record<string, unknown>;
  return typeof name === 'string' && name.trim() !== '' && typeof since === 'string';
}

/**
 * The people other than `self` in a channel's presence state (supabase-js's presenceState(): each
 * key's metas), once each however many tabs they have, named as their first tab says, in the
 * order they arrived (then by name). Metas that are not an editor's payload are ignored.
 */
export function otherEditors(state: Readonly<Record<string, readonly unknown[]>>, self: string): OtherEditor[] {
  const first = new Map<string, EditorPresence>();
  for (const [key, metas] of Object.entries(state)) {
    const person = personOfKey(key);
    if (person === self) continue;
    for (const meta of metas) {
      if (!isEditorPresence(meta)) continue;
      const earliest = first.get(person);
      if (!earliest || meta.since < earliest.since) first.set(person, meta);
    }
  }
  return Array.from(first, ([key, meta]) => ({ key, name: meta.name.trim(), since: meta.since })).sort(
    (a, b) => a.since.localeCompare(b.since) || a.name.localeCompare(b.name),
  );
}

/**
 * The initials in a person's avatar: the first letters of their first two words ('Ana Diaz' →
 * 'AD'), of an email's part before the @ ('sam.rivera@example.com' → 'SR').
 */
export function initialsOf(name: string): string {
  const trimmed = name.trim();
  const at = trimmed.indexOf('@');
  const words = (at > 0 ? trimmed.slice(0, at) : trimmed).split(/[\s._-]+/).filter(Boolean);
  return words
    .slice(0, 2)
    .map((word) => (Array.from(word)[0] ?? '').toUpperCase())
    .join('');
}
