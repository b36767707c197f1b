import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../../tests/helpers/test-app.ts';
import { insertInquiry, listInquiries } from './inquiries.repository.ts';

describe('POST /api/inquiries', () => {
  const t = useTestApp();
  let address = 0;
  // Each test comes from its own address so the per-address rate limit only shows where a test wants it.
  const send = (payload: unknown, remoteAddress = `10.0.0.${++address}`) =>
    t.app.inject({ method: 'POST', url: '/api/inquiries', payload: payload as object, remoteAddress });

  it('stores an advance inquiry with the card and its value, and returns it whole', async () => {
    const response = await send({
      kind: 'advance',
      name: '  Ash Ketchum ',
      email: ' ash@example.com ',
      message: 'I would like an advance on my Charizard.',
      card: 'Charizard 4/102 PSA 9',
      estimatedValue: 25000.5,
    });
    expect(response.statusCode).toBe(201);
    const inquiry = response.json();
    expect(inquiry).toEqual({
      id: expect.any(String),
      kind: 'advance',
      name: 'Ash Ketchum',
      email: 'ash@example.com',
      message: 'I would like an advance on my Charizard.',
      card: 'Charizard 4/102 PSA 9',
      estimatedValue: 25000.5,
      createdAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
    });
    const stored = await listInquiries(t.database.handle.db, { limit: 10 });
    expect(stored.find((row) => row.id === inquiry.id)).toEqual(inquiry);
  });

  it('stores contact and partnership inquiries without card details', async () => {
    for (const kind of ['contact', 'partnership']) {
      const response = await send({
        kind,
        name: 'Misty',
        email: 'misty@example.com',
        message: 'Hello there.',
      });
      expect(response.statusCode).toBe(201);
      expect(response.json()).toMatchObject({ kind, card: null, estimatedValue: null });
    }
  });

  it.each([1e-9, 5e-324, 0.004, -0.01])(
    'refuses an estimated value of %s that is not a positive number of cents, and stores nothing',
    async (estimatedValue) => {
      const before = await listInquiries(t.database.handle.db, { limit: 1000 });
      const response = await send({
        kind: 'contact',
        name: 'Erika',
        email: 'erika@example.com',
        message: 'Hello.',
        estimatedValue,
      });
      expect(response.statusCode).toBe(400);
      expect(response.json().error).toMatchObject({
        code: 'validation',
        fields: { estimatedValue: 'Enter the estimated value in dollars, for example 2500.' },
      });
      expect(await listInquiries(t.database.handle.db, { limit: 1000 })).toEqual(before);
    },
  );

  it('lists inquiries newest first, at most as many as asked for', async () => {
    const db = t.database.handle.db;
    for (const [id, createdAt] of [
      ['older', '2999-01-01T10:00:00.000Z'],
      ['newest', '2999-01-03T10:00:00.000Z'],
      ['middle', '2999-01-02T10:00:00.000Z'],
    ] as const) {
      await insertInquiry(db, {
        id,
        kind: 'contact',
        name: 'Oak',
        email: 'oak@example.com',
        message: 'Research',
        card: null,
        estimated_value_cents: null,
        created_at: createdAt,
      });
    }
    const listed = await listInquiries(db, { limit: 2 });
    expect(listed.map((inquiry) => [inquiry.id, inquiry.createdAt])).toEqual([
      ['newest', '2999-01-03T10:00:00.000Z'],
      ['middle', '2999-01-02T10:00:00.000Z'],
    ]);
  });

  it.each([
    { field: 'name', change: { name: '' }, message: 'Enter your name.' },
    { field: 'email', change: { email: 'not-an-email' }, message: 'Please enter a valid email address.' },
    { field: 'message', change: { message: '   ' }, message: 'Write a short message.' },
    {
      field: 'message',
      change: { message: 'x'.repeat(2001) },
      message: 'Your message can be at most 2,000 characters.',
    },
    { field: 'kind', change: { kind: 'loan' }, message: 'Choose what your inquiry is about.' },
  ])('refuses a bad $field: "$message"', async ({ field, change, message }) => {
    const response = await send({
      kind: 'contact',
      name: 'Brock',
      email: 'brock@example.com',
      message: 'Hi',
      ...change,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toMatchObject({
      code: 'validation',
      message,
      fields: { [field]: message },
    });
  });

  it.each([
    { change: { card: '' }, field: 'card', message: 'Tell us which card you want an advance on.' },
    {
      change: { estimatedValue: undefined },
      field: 'estimatedValue',
      message: 'Enter the estimated value in dollars, for example 2500.',
    },
    {
      change: { estimatedValue: 299.99 },
      field: 'estimatedValue',
      message: 'Advances start at a market value of $300.',
    },
    {
      change: { estimatedValue: 500.005 },
      field: 'estimatedValue',
      message: 'Use at most two decimals for cents.',
    },
    {
      change: { estimatedValue: '500' },
      field: 'estimatedValue',
      message: 'Enter the estimated value in dollars, for example 2500.',
    },
  ])('refuses an advance inquiry: "$message"', async ({ change, field, message }) => {
    const response = await send({
      kind: 'advance',
      name: 'Brock',
      email: 'brock@example.com',
      message: 'Hi',
      card: 'Onix',
      estimatedValue: 400,
      ...change,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.fields).toMatchObject({ [field]: message });
  });

  it('limits one address to five inquiries in ten minutes', async () => {
    const body = { kind: 'contact', name: 'Gary', email: 'gary@example.com', message: 'Smell ya later.' };
    for (let count = 0; count < 5; count += 1) {
      expect((await send(body, '10.9.9.9')).statusCode).toBe(201);
    }
    const refused = await send(body, '10.9.9.9');
    expect(refused.statusCode).toBe(429);
    expect(refused.json().error.code).toBe('rate-limited');
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect((await send(body, '10.9.9.10')).statusCode).toBe(201);
  });
});
