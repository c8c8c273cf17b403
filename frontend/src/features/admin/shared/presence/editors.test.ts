import { describe, expect, it } from 'vitest';
import { editingTopic, initialsOf, otherEditors, personOf, presenceKeyOf } from './editors';

/** A tab's presence meta as supabase-js's presenceState() gives it (with its presence_ref). */
const tab = (name: string, since: string, userId: string | null = null) => ({
  name,
  user_id: userId,
  since,
  presence_ref: `${name}-${since}`,
});

describe('who else is editing', () => {
  it('shows nobody when the person is alone, in however many tabs', () => {
    expect(otherEditors({}, 'user-ana')).toEqual([]);
    expect(
      otherEditors(
        { 'user-ana/t1': [tab('Ana', '2026-12-06T10:00:00Z')], 'user-ana/t2': [tab('Ana', '2026-12-06T10:05:00Z')] },
        'user-ana',
      ),
    ).toEqual([]);
  });

  it('shows each other person once, from their first tab, in the order they arrived', () => {
    const state = {
      'user-ana/t1': [tab('Ana', '2026-12-06T10:00:00Z')],
      'user-ben/t2': [tab('Ben Okafor', '2026-12-06T10:07:00Z')],
      'user-ben/t3': [tab('Ben Okafor', '2026-12-06T10:02:00Z')],
      'passcode/t4': [tab('Passcode', '2026-12-06T10:04:00Z')],
    };
    expect(otherEditors(state, 'user-ana')).toEqual([
      { key: 'user-ben', name: 'Ben Okafor', since: '2026-12-06T10:02:00Z' },
      { key: 'passcode', name: 'Passcode', since: '2026-12-06T10:04:00Z' },
    ]);
    expect(otherEditors(state, 'passcode').map((editor) => editor.name)).toEqual(['Ana', 'Ben Okafor']);
  });

  it('orders people who arrived together by name, and trims names', () => {
    const at = '2026-12-06T10:00:00Z';
    expect(otherEditors({ b: [tab(' Zoe ', at)], c: [tab('Ana', at)] }, 'me').map((editor) => editor.name)).toEqual([
      'Ana',
      'Zoe',
    ]);
  });

  it('ignores what is not an editor’s payload (another client, a key left with no tabs)', () => {
    const state = {
      'stranger/t1': [{ presence_ref: 'x' }, { name: '', since: '2026-12-06T10:00:00Z' }, { name: 'No time' }],
      'empty/t2': [],
      'user-ben/t3': [{ presence_ref: 'y' }, tab('Ben', '2026-12-06T10:02:00Z')],
    };
    expect(otherEditors(state, 'user-ana')).toEqual([{ key: 'user-ben', name: 'Ben', since: '2026-12-06T10:02:00Z' }]);
  });

  it('groups the metas of one key too (a person keyed without a tab)', () => {
    const state = { 'user-ben': [tab('Ben', '2026-12-06T10:07:00Z'), tab('Ben', '2026-12-06T10:02:00Z')] };
    expect(otherEditors(state, 'user-ana')).toEqual([{ key: 'user-ben', name: 'Ben', since: '2026-12-06T10:02:00Z' }]);
  });

  it('keys a tab by its person (their user id, or the passcode) and the tab', () => {
    expect(personOf({ userId: 'user-ana' })).toBe('user-ana');
    expect(personOf({ userId: null })).toBe('passcode');
    expect(presenceKeyOf('user-ana', 'k3x9')).toBe('user-ana/k3x9');
  });

  it('names the private admin channel of a post or a page', () => {
    expect(editingTopic({ kind: 'post', id: '3f1c' })).toBe('admin:post:3f1c');
    expect(editingTopic({ kind: 'page', route: '/services' })).toBe('admin:page:/services');
  });

  it('makes avatar initials from a name or an email', () => {
    expect(initialsOf('Ana Diaz')).toBe('AD');
    expect(initialsOf('ana')).toBe('A');
    expect(initialsOf('Mary Ann de la Cruz')).toBe('MA');
    expect(initialsOf('sam.rivera@example.com')).toBe('SR');
    expect(initialsOf('élodie')).toBe('É');
    expect(initialsOf('')).toBe('');
  });
});
