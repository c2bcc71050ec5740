// The live controller carrying out the policy: real timers faked, the channel replaced by a
// recorder (the Supabase socket itself is exercised in tests/integration/sync/live*.test.ts).
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createLiveSync } from '../../../sync/live/live-sync';
import type { ChannelHandlers, OpenChannel } from '../../../sync/live/supabase-channel';

const ME = 'user:me';

function recorder() {
  const opened: ChannelHandlers[] = [];
  const topics: string[] = [];
  const closed: number[] = [];
  let failOpen = false;
  const open: OpenChannel = async (topic, handlers) => {
    if (failOpen) throw new Error('no WebSocket');
    topics.push(topic);
    const index = opened.push(handlers) - 1;
    return async () => {
      closed.push(index);
    };
  };
  return {
    open,
    opened,
    topics,
    closed,
    failOpens(value: boolean) {
      failOpen = value;
    },
  };
}

describe('live controller', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('joins, pulls everything on join, what a message names, and reconnects 1, 2, 5 s after failures', async () => {
    const channel = recorder();
    const pulls: Array<'all' | readonly string[]> = [];
    const lives: boolean[] = [];
    const live = createLiveSync({ anchor: ME, open: channel.open, pull: (t) => pulls.push(t), isOnline: () => true });
    live.live$.subscribe((v) => lives.push(v));
    live.start();
    await vi.advanceTimersByTimeAsync(0);
    expect(channel.topics).toEqual([ME]);
    channel.opened[0]!.subscribed();
    channel.opened[0]!.changed(['reward_claims']);
    expect(pulls).toEqual(['all', ['reward_claims']]);
    expect(lives).toEqual([false, true]);

    channel.opened[0]!.failed('closed');
    expect(lives.at(-1)).toBe(false);
    await vi.advanceTimersByTimeAsync(0);
    expect(channel.closed).toEqual([0]);
    await vi.advanceTimersByTimeAsync(999);
    expect(channel.opened).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(channel.opened).toHaveLength(2);

    channel.opened[1]!.failed('timeout');
    await vi.advanceTimersByTimeAsync(1_999);
    expect(channel.opened).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(1);
    expect(channel.opened).toHaveLength(3);
    channel.opened[2]!.failed('error');
    await vi.advanceTimersByTimeAsync(5_000);
    expect(channel.opened).toHaveLength(4);
    channel.opened[3]!.subscribed();
    expect(pulls.at(-1)).toBe('all');
    expect(live.state).toMatchObject({ phase: 'live', failures: 0 });
    await live.stop();
    expect(channel.closed).toEqual([0, 1, 2, 3]);
    expect(vi.getTimerCount()).toBe(0);
  });

  it('a channel that cannot open backs off like a failed join; stop() clears the timer', async () => {
    const channel = recorder();
    channel.failOpens(true);
    const live = createLiveSync({ anchor: ME, open: channel.open, pull: () => undefined, isOnline: () => true });
    live.start();
    await vi.advanceTimersByTimeAsync(0);
    expect(live.state).toMatchObject({ phase: 'backoff', failures: 1 });
    await vi.advanceTimersByTimeAsync(1_000);
    expect(live.state).toMatchObject({ phase: 'backoff', failures: 2 });
    expect(vi.getTimerCount()).toBe(1);
    await live.stop();
    expect(vi.getTimerCount()).toBe(0);
  });

  it('offline: waits for the online wake instead of retrying, then joins at once', async () => {
    const channel = recorder();
    let online = true;
    const live = createLiveSync({ anchor: ME, open: channel.open, pull: () => undefined, isOnline: () => online });
    live.start();
    await vi.advanceTimersByTimeAsync(0);
    channel.opened[0]!.failed('error');
    online = false;
    await vi.advanceTimersByTimeAsync(60_000);
    expect(channel.opened).toHaveLength(1);
    expect(vi.getTimerCount()).toBe(0);
    online = true;
    live.wake();
    await vi.advanceTimersByTimeAsync(0);
    expect(channel.opened).toHaveLength(2);
    await live.stop();
  });

  it('stop while a join is still opening leaves that channel once it opened', async () => {
    let release: () => void = () => undefined;
    const closed: string[] = [];
    const open: OpenChannel = () =>
      new Promise((resolve) => {
        release = () => resolve(async () => void closed.push('left'));
      });
    const live = createLiveSync({ anchor: ME, open, pull: () => undefined, isOnline: () => true });
    live.start();
    const stopping = live.stop();
    release();
    await stopping;
    expect(closed).toEqual(['left']);
  });
});

describe('live controller: followed artists', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('joins the followed artists once live, backs a refused one off alone, leaves all on stop', async () => {
    const channel = recorder();
    const pulls: Array<'all' | readonly string[]> = [];
    const live = createLiveSync({ anchor: ME, open: channel.open, pull: (t) => pulls.push(t), isOnline: () => true });
    live.setTopics({ 'artist:a': ['followed_content'], 'artist:b': ['followed_content'] });
    live.start();
    await vi.advanceTimersByTimeAsync(0);
    expect(channel.topics).toEqual([ME]);
    channel.opened[0]!.subscribed();
    await vi.advanceTimersByTimeAsync(0);
    expect(channel.topics).toEqual([ME, 'artist:a', 'artist:b']);
    channel.opened[1]!.subscribed();
    channel.opened[1]!.changed(['followed_content']);
    channel.opened[2]!.failed('error'); // not followed on the server yet
    expect(pulls).toEqual(['all', ['followed_content'], ['followed_content']]);
    await vi.advanceTimersByTimeAsync(1_000);
    expect(channel.topics).toEqual([ME, 'artist:a', 'artist:b', 'artist:b']);
    expect(live.state.phase).toBe('live');
    channel.opened[3]!.subscribed();

    live.setTopics({ 'artist:b': ['followed_content'] }); // unfollowed a
    await vi.advanceTimersByTimeAsync(0);
    expect(channel.closed).toEqual([2, 1]);
    await live.stop();
    expect([...channel.closed].sort()).toEqual([0, 1, 2, 3]);
    expect(vi.getTimerCount()).toBe(0);
  });

  it('the own channel dropping leaves the artists and rejoins them after its own rejoin', async () => {
    const channel = recorder();
    const live = createLiveSync({ anchor: ME, open: channel.open, pull: () => undefined, isOnline: () => true });
    live.setTopics({ 'artist:a': ['followed_content'] });
    live.start();
    await vi.advanceTimersByTimeAsync(0);
    channel.opened[0]!.subscribed();
    await vi.advanceTimersByTimeAsync(0);
    channel.opened[1]!.subscribed();
    channel.opened[0]!.failed('closed');
    channel.opened[1]!.failed('closed'); // the same socket drop, reported late: ignored
    await vi.advanceTimersByTimeAsync(0);
    expect([...channel.closed].sort()).toEqual([0, 1]);
    expect(vi.getTimerCount()).toBe(1);
    await vi.advanceTimersByTimeAsync(1_000);
    channel.opened[2]!.subscribed();
    await vi.advanceTimersByTimeAsync(0);
    expect(channel.topics).toEqual([ME, 'artist:a', ME, 'artist:a']);
    await live.stop();
  });
});
