import { beforeAll, describe, expect, it } from 'vitest';
import { makeAdmin, registerUser, type TestUser } from '../../helpers/auth.ts';
import { useTestApp } from '../../helpers/test-app.ts';
import { multipartBody, pngOf } from '../../helpers/upload.ts';
import { snapshotOf } from './hostile-input.ts';

interface Malformed {
  name: string;
  /** 400 for a body that cannot be read as what it says it is; 415 for one that does not say it is a form. */
  status?: 415;
  /** The request's content-type and body, built from a well-formed upload of the same file. */
  build(well: { payload: Buffer; boundary: string }): { type: string; payload: Buffer };
}

const MALFORMED: Malformed[] = [
  {
    name: 'multipart/form-data without a boundary',
    build: ({ payload }) => ({ type: 'multipart/form-data', payload }),
  },
  {
    name: 'an empty boundary',
    build: ({ payload }) => ({ type: 'multipart/form-data; boundary=', payload }),
  },
  {
    name: 'a part cut off before its end',
    build: ({ payload, boundary }) => ({
      type: `multipart/form-data; boundary=${boundary}`,
      payload: payload.subarray(0, Math.floor(payload.length / 2)),
    }),
  },
  {
    name: 'headers of a part cut off',
    build: ({ payload, boundary }) => ({
      type: `multipart/form-data; boundary=${boundary}`,
      payload: payload.subarray(0, payload.indexOf('\r\n\r\n') - 4),
    }),
  },
  {
    name: 'a boundary the body does not use',
    build: ({ payload }) => ({ type: 'multipart/form-data; boundary=somethingelse', payload }),
  },
  {
    name: 'a body that is not multipart at all',
    build: ({ boundary }) => ({
      type: `multipart/form-data; boundary=${boundary}`,
      payload: Buffer.from('{"file": "not a form"}'),
    }),
  },
  {
    name: 'a form sent as multipart/mixed',
    status: 415,
    build: ({ payload, boundary }) => ({ type: `multipart/mixed; boundary=${boundary}`, payload }),
  },
  {
    name: 'a form labelled as JSON',
    build: ({ payload }) => ({ type: 'application/json', payload }),
  },
  {
    name: 'a form labelled as an image',
    status: 415,
    build: ({ payload }) => ({ type: 'image/png', payload }),
  },
];

describe('malformed multipart uploads', () => {
  const t = useTestApp();
  let collector: TestUser;
  let admin: TestUser;
  let image: { payload: Buffer; boundary: string };
  let salesFile: { payload: Buffer; boundary: string };

  const boundaryOf = (headers: Record<string, string>) =>
    /boundary=(.+)$/.exec(headers['content-type'] ?? '')?.[1] ?? '';

  beforeAll(async () => {
    collector = await registerUser(t.app);
    admin = await makeAdmin(t);
    const png = await multipartBody(await pngOf(30, 30), { filename: 'me.png', type: 'image/png' });
    image = { payload: png.payload, boundary: boundaryOf(png.headers) };
    const csv = await multipartBody(
      'card_name,set_id,price,sale_date,seller\nCharizard,base_set,100,2024-01-02,ash\n',
      { filename: 'sales.csv', type: 'text/csv' },
    );
    salesFile = { payload: csv.payload, boundary: boundaryOf(csv.headers) };
  });

  const targets = [
    { route: 'PUT /api/users/me/avatar', who: () => collector, upload: () => image },
    { route: 'PUT /api/users/me/banner', who: () => collector, upload: () => image },
    { route: 'POST /api/admin/sales/import', who: () => admin, upload: () => salesFile },
  ];

  for (const target of targets) {
    it.each(MALFORMED)(`${target.route}: $name answers a 4xx with the error body`, async (malformed) => {
      const before = await snapshotOf(t.database.handle, ['users', 'media', 'sales', 'audit_log']);
      const { type, payload } = malformed.build(target.upload());
      const [method, url] = target.route.split(' ') as ['PUT' | 'POST', string];
      const response = await t.app.inject({
        method,
        url,
        payload,
        headers: { 'content-type': type, cookie: target.who().cookie },
      });
      const status = malformed.status ?? 400;
      expect(response.statusCode, response.body).toBe(status);
      expect(response.headers['content-type']).toMatch(/^application\/json/);
      expect(response.json().error).toMatchObject({
        code: status === 400 ? 'validation' : 'unsupported-media-type',
        message: expect.any(String),
      });
      expect(await snapshotOf(t.database.handle, ['users', 'media', 'sales', 'audit_log'])).toEqual(before);
    });
  }
});
