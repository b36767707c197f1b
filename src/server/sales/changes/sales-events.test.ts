import { describe, expect, it } from 'vitest';
import { salesChannelFor } from './postgres-sales-channel.ts';
import { SalesEvents } from './sales-events.ts';

describe('sales events', () => {
  it('clears local caches at once and announces a local change to other instances', () => {
    const events = new SalesEvents();
    let cleared = 0;
    let announced = 0;
    events.onChange(() => cleared++);
    events.attachCarrier({ announce: () => announced++, close: async () => {} });

    events.changed();
    expect({ cleared, announced }).toEqual({ cleared: 1, announced: 1 });

    // A change heard from elsewhere is not announced again, or instances would echo it forever.
    events.changedElsewhere();
    expect({ cleared, announced }).toEqual({ cleared: 2, announced: 1 });
  });

  it('hands listeners and other instances the cards a change names, or undefined for any card', () => {
    const events = new SalesEvents();
    const heard: (readonly string[] | undefined)[] = [];
    const announced: (readonly string[] | undefined)[] = [];
    events.onChange((cards) => heard.push(cards));
    events.attachCarrier({ announce: (cards) => announced.push(cards), close: async () => {} });
    events.changed(['base_set-4', 'jungle_set-1']);
    events.changed();
    events.changedElsewhere(['fossil_set-5']);
    expect(heard).toEqual([['base_set-4', 'jungle_set-1'], undefined, ['fossil_set-5']]);
    expect(announced).toEqual([['base_set-4', 'jungle_set-1'], undefined]);
  });

  it('works without a carrier (one instance on SQLite)', () => {
    const events = new SalesEvents();
    let cleared = 0;
    const stop = events.onChange(() => cleared++);
    events.changed();
    stop();
    events.changed();
    expect(cleared).toBe(1);
  });
});

describe('sales channel names', () => {
  it('differ per schema, from the live channel, and stay within the identifier limit', () => {
    expect(salesChannelFor(undefined)).toBe('holoscope_sales');
    expect(salesChannelFor('test_1_abc')).toBe('holoscope_sales_test_1_abc');
    expect(salesChannelFor('a'.repeat(80)).length).toBeLessThanOrEqual(63);
    expect(salesChannelFor('a'.repeat(80))).not.toBe(salesChannelFor('b'.repeat(80)));
  });
});
