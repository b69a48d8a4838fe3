import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DriveHarness } from '../testing/drive-test-support';
import { startDrive } from '../testing/drive-test-support';
import { AUTO_SUBSCRIBED_EVENTS } from './schemas';

type WebhookRecord = {
  id: string;
  callback_url: string;
  callback_config: {
    exponential_retry_backoff: { exponent_base: number; max_retry_count: number };
  };
  created_at: string;
  modified_at: string;
  disabled: boolean;
  subscribed_events: string[];
};

const HOOKS = '/v1/merchants/demo-merchant/webhooks';
const CREATE = {
  callback_url: 'http://127.0.0.1:9/hooks/delivery',
  client_secret: 'a-client-secret-of-the-merchant',
  callback_config: { exponential_retry_backoff: { exponent_base: 2, max_retry_count: 3 } },
};

let drive: DriveHarness;
beforeAll(async () => {
  drive = await startDrive();
});
afterAll(async () => {
  await drive.close();
});

const create = async (body: unknown = CREATE) => {
  const answer = await drive.call('POST', HOOKS, body);
  expect(answer.status).toBe(201);
  return answer.body as WebhookRecord;
};

describe('webhook management: success codes and the webhook record without its secret', () => {
  it('create answers 201 with exactly the webhook record fields, the default events, no secret', async () => {
    const record = await create();
    expect(Object.keys(record).sort()).toEqual(
      [
        'callback_config',
        'callback_url',
        'created_at',
        'disabled',
        'id',
        'modified_at',
        'subscribed_events',
      ].sort(),
    );
    expect(record).toMatchObject({
      callback_url: CREATE.callback_url,
      callback_config: CREATE.callback_config,
      disabled: false,
    });
    expect(record.subscribed_events.sort()).toEqual([...AUTO_SUBSCRIBED_EVENTS].sort());
    expect(record.subscribed_events).not.toContain('order.location_updated');
    expect(record.subscribed_events).not.toContain('order.customer_no_show');
    expect(record.created_at).toBe(record.modified_at);
    expect(JSON.stringify(record)).not.toContain(CREATE.client_secret);
  });

  it('list answers 200 with the records, get answers 200 with one', async () => {
    const record = await create({ ...CREATE, disabled: true });
    const list = await drive.call('GET', HOOKS);
    expect(list.status).toBe(200);
    expect((list.body as WebhookRecord[]).map((hook) => hook.id)).toContain(record.id);
    const one = await drive.call('GET', `${HOOKS}/${record.id}`);
    expect(one.status).toBe(200);
    expect(one.body).toEqual(record);
    expect((one.body as WebhookRecord).disabled).toBe(true);
  });

  it('update answers 200 with the changed record and a new modified_at', async () => {
    const record = await create();
    drive.clock.advance(5000);
    const answer = await drive.call('PATCH', `${HOOKS}/${record.id}`, {
      disabled: true,
      subscribed_events: ['order.delivered', 'order.location_updated'],
      callback_url: 'http://127.0.0.1:9/other',
    });
    expect(answer.status).toBe(200);
    const updated = answer.body as WebhookRecord;
    expect(updated).toMatchObject({
      id: record.id,
      disabled: true,
      callback_url: 'http://127.0.0.1:9/other',
      subscribed_events: ['order.delivered', 'order.location_updated'],
      created_at: record.created_at,
    });
    expect(Date.parse(updated.modified_at) - Date.parse(record.modified_at)).toBeGreaterThanOrEqual(
      5000,
    );
    expect((await drive.call('GET', `${HOOKS}/${record.id}`)).body).toEqual(updated);
  });

  it('delete answers 204 with no content, then the webhook is gone (404)', async () => {
    const record = await create();
    const answer = await drive.call('DELETE', `${HOOKS}/${record.id}`);
    expect(answer.status).toBe(204);
    expect(answer.body).toBeNull();
    const gone = await drive.call('GET', `${HOOKS}/${record.id}`);
    expect(gone.status).toBe(404);
    expect(gone.body).toMatchObject({ error_code: 'WEBHOOK_NOT_FOUND' });
  });
});

describe('webhook management: 400, 401, 422', () => {
  it.each([
    ['POST', HOOKS],
    ['GET', HOOKS],
    ['GET', `${HOOKS}/any`],
    ['PATCH', `${HOOKS}/any`],
    ['DELETE', `${HOOKS}/any`],
  ])('%s %s without a valid key answers 401 {detail: "Unauthorized"}', async (method, path) => {
    for (const key of [null, 'wrong-key']) {
      const answer = await drive.call(method, path, method === 'POST' ? CREATE : undefined, key);
      expect(answer.status).toBe(401);
      expect(answer.body).toEqual({ detail: 'Unauthorized' });
    }
  });

  it('a body that is not JSON answers 400', async () => {
    const answer = await drive.call('POST', HOOKS, '{callback_url');
    expect(answer.status).toBe(400);
    expect(answer.body).toMatchObject({
      error_code: 'INVALID_PAYLOAD',
      reason: expect.any(String),
    });
  });

  it('missing required fields answer 422 with loc, msg and type per field', async () => {
    const answer = await drive.call('POST', HOOKS, { callback_url: CREATE.callback_url });
    expect(answer.status).toBe(422);
    const detail = (answer.body as { detail: { loc: string[]; msg: string; type: string }[] })
      .detail;
    expect(detail).toEqual(
      expect.arrayContaining([
        { loc: ['body', 'callback_config'], msg: 'Field required', type: 'missing' },
        { loc: ['body', 'client_secret'], msg: 'Field required', type: 'missing' },
      ]),
    );
  });

  it('wrong types and values answer 422 and create nothing', async () => {
    const before = ((await drive.call('GET', HOOKS)).body as WebhookRecord[]).length;
    const cases = [
      { ...CREATE, callback_url: 'not a url' },
      {
        ...CREATE,
        callback_config: { exponential_retry_backoff: { exponent_base: 1.5, max_retry_count: 3 } },
      },
      { ...CREATE, disabled: 'no' },
      [CREATE],
    ];
    for (const body of cases) expect((await drive.call('POST', HOOKS, body)).status).toBe(422);
    expect(((await drive.call('GET', HOOKS)).body as WebhookRecord[]).length).toBe(before);
  });

  it('an update with an unknown event type answers 422 and changes nothing', async () => {
    const record = await create();
    const answer = await drive.call('PATCH', `${HOOKS}/${record.id}`, {
      subscribed_events: ['order.teleported'],
      disabled: true,
    });
    expect(answer.status).toBe(422);
    expect((answer.body as { detail: { loc: (string | number)[] }[] }).detail[0]?.loc).toEqual([
      'body',
      'subscribed_events',
      0,
    ]);
    expect((await drive.call('GET', `${HOOKS}/${record.id}`)).body).toEqual(record);
  });

  it("another merchant's webhooks are out of reach", async () => {
    await drive.control('POST', '/merchants', {
      merchant_id: 'm2',
      merchant_key: 'merchant-two-key-0123456789',
    });
    const record = await create();
    const foreignPath = await drive.call('GET', HOOKS, undefined, 'merchant-two-key-0123456789');
    expect(foreignPath.status).toBe(403);
    const ownPath = await drive.call(
      'GET',
      `/v1/merchants/m2/webhooks/${record.id}`,
      undefined,
      'merchant-two-key-0123456789',
    );
    expect(ownPath.status).toBe(404);
  });
});
