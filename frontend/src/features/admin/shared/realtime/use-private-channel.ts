import { REALTIME_SUBSCRIBE_STATES, type RealtimeChannel } from '@supabase/supabase-js';
import { useEffect, useEffectEvent } from 'react';
import { adminClient } from '@/features/admin/shared/admin-client';

export interface PrivateChannelHandlers {
  /** This person's presence key (the same in each of their tabs); presence is off without one. */
  presenceKey?: string;
  /** Adds the channel's listeners (`channel.on(...)`), once, before it subscribes. */
  listen: (channel: RealtimeChannel) => void;
  /** Each time the channel is joined: first (`again` false), and after it was lost and came back. */
  onJoined?: (channel: RealtimeChannel, again: boolean) => void;
  /** When the channel is lost (an error, a time-out, closed by the server) or cannot be opened. */
  onLost?: () => void;
}

/**
 * Channels of each topic still leaving (a channel of a topic is left before another of that topic
 * is opened: supabase-js keeps one channel per topic, and would hand back the leaving one).
 */
const leaving = new Map<string, Promise<unknown>>();

/**
 * A private Realtime channel of `topic` (one the server lets staff only read and write, e.g.
 * `admin:post:{id}`) while the component is mounted and `topic` is not null, on the admin data
 * client (its bearer is the signed-in credential, which the join's authorisation checks). It is
 * left on unmount or when the topic or the presence key changes.
 *
 * Live updates are extras: when the socket cannot be opened or the channel is refused or lost,
 * nothing shows (`onLost` lets the caller forget what the channel told it), and supabase-js
 * keeps trying to join again in the background.
 */
export function usePrivateChannel(topic: string | null, handlers: PrivateChannelHandlers): void {
  const { presenceKey } = handlers;
  const listen = useEffectEvent((channel: RealtimeChannel) => {
    handlers.listen(channel);
  });
  const joined = useEffectEvent((channel: RealtimeChannel, again: boolean) => {
    handlers.onJoined?.(channel, again);
  });
  const lost = useEffectEvent(() => {
    handlers.onLost?.();
  });

  useEffect(() => {
    if (topic === null) return;
    const closing = new AbortController();
    // A call, not a read the type checker would narrow: it changes across the awaits below.
    const left = () => closing.signal.aborted;
    let opened: { client: ReturnType<typeof adminClient>; channel: RealtimeChannel } | null = null;

    const open = async () => {
      await leaving.get(topic);
      if (left()) return;
      const client = adminClient();
      // Supabase's rule for private channels: the socket's token is set before subscribing.
      await client.realtime.setAuth();
      if (left()) return;
      const channel = client.channel(topic, {
        config: { private: true, ...(presenceKey ? { presence: { key: presenceKey } } : {}) },
      });
      opened = { client, channel };
      listen(channel);
      let joinedBefore = false;
      channel.subscribe((status) => {
        if (left()) return;
        if (status === REALTIME_SUBSCRIBE_STATES.SUBSCRIBED) {
          joined(channel, joinedBefore);
          joinedBefore = true;
        } else {
          lost();
        }
      });
    };
    open().catch(() => {
      if (!left()) lost();
    });

    return () => {
      closing.abort();
      if (!opened) return;
      const { client, channel } = opened;
      const removal = client
        .removeChannel(channel)
        .catch(() => undefined)
        .finally(() => {
          if (leaving.get(topic) === removal) leaving.delete(topic);
        });
      leaving.set(topic, removal);
    };
  }, [topic, presenceKey]);
}
