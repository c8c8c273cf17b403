import type { RealtimeChannel } from '@supabase/supabase-js';
import { useRef, useState } from 'react';
import { usePrivateChannel } from '@/features/admin/shared/realtime/use-private-channel';
import { useAdminSession } from '@/features/admin/shared/session/admin-session';
import {
  editingTopic,
  otherEditors,
  personOf,
  presenceKeyOf,
  type EditedThing,
  type EditorPresence,
  type OtherEditor,
} from './editors';

const NOBODY: readonly OtherEditor[] = [];

/** This tab, in presence keys (one per page load). */
const TAB = Math.random().toString(36).slice(2, 10);

/**
 * Who else has `thing` open (null: nothing open): the signed-in person joins its channel's
 * presence with their name while the editor is mounted, and sees the others. Nobody is shown
 * when the channel is unavailable or lost.
 */
export function useEditorPresence(thing: EditedThing | null): readonly OtherEditor[] {
  const session = useAdminSession();
  const self = personOf(session);
  const topic = thing ? editingTopic(thing) : null;
  // The others, with the topic they are on (a list of another post's editors is never shown).
  const [seen, setSeen] = useState<{ topic: string; editors: readonly OtherEditor[] } | null>(null);
  // When this tab joined the channel (kept when it joins again after losing it).
  const joinedAt = useRef<{ channel: RealtimeChannel; since: string } | null>(null);

  usePrivateChannel(topic, {
    presenceKey: presenceKeyOf(self, TAB),
    listen: (channel) => {
      channel.on('presence', { event: 'sync' }, () => {
        setSeen({ topic: channel.subTopic, editors: otherEditors(channel.presenceState(), self) });
      });
    },
    onJoined: (channel) => {
      if (joinedAt.current?.channel !== channel) joinedAt.current = { channel, since: new Date().toISOString() };
      const payload: EditorPresence = { name: session.name, user_id: session.userId, since: joinedAt.current.since };
      void channel.track(payload).catch(() => undefined);
    },
    onLost: () => {
      setSeen(null);
    },
  });

  return topic !== null && seen?.topic === topic ? seen.editors : NOBODY;
}
