import { describe, expect, it } from 'vitest';
import { InProcessLiveBus, type LiveEvent } from './live-bus.ts';
import { channelFor } from './postgres-live-bus.ts';

describe('in-process live bus', () => {
  it('delivers public events to everyone and private ones only to their parties', async () => {
    const bus = new InProcessLiveBus();
    const heard: Record<string, LiveEvent[]> = { visitor: [], alice: [], bob: [] };
    bus.subscribe((event) => heard.visitor!.push(event));
    bus.subscribe((event) => heard.alice!.push(event), 'alice');
    const stopBob = bus.subscribe((event) => heard.bob!.push(event), 'bob');

    await bus.publish({ type: 'profile', userId: 'alice' });
    await bus.publish({ type: 'offer', userId: 'alice', to: ['alice', 'carol'] });
    stopBob();
    await bus.publish({ type: 'collection', userId: 'bob' });

    expect(heard.visitor!.map((event) => event.type)).toEqual(['profile', 'collection']);
    expect(heard.alice!.map((event) => event.type)).toEqual(['profile', 'offer', 'collection']);
    expect(heard.bob!.map((event) => event.type)).toEqual(['profile']);
  });

  it('keeps delivering when one subscriber throws', async () => {
    const bus = new InProcessLiveBus();
    const heard: string[] = [];
    bus.subscribe(() => {
      throw new Error('closed stream');
    });
    bus.subscribe((event) => heard.push(event.userId));
    await bus.publish({ type: 'profile', userId: 'u1' });
    expect(heard).toEqual(['u1']);
  });
});

describe('Postgres channel names', () => {
  it('differ per schema and stay within the identifier limit', () => {
    expect(channelFor(undefined)).toBe('holoscope_live');
    expect(channelFor('test_1_abc')).toBe('holoscope_live_test_1_abc');
    expect(channelFor('a'.repeat(80)).length).toBeLessThanOrEqual(63);
    expect(channelFor('a'.repeat(80))).not.toBe(channelFor('b'.repeat(80)));
  });
});
