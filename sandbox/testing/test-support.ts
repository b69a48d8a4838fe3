// Helpers for the sandbox's own tests: everything goes over real sockets with fetch.
import type { Sandbox } from '../server';

export const basic = (id: string, secret: string): string =>
  `Basic ${Buffer.from(`${id}:${secret}`).toString('base64')}`;

export type Reply = { status: number; headers: Headers; text: string; json: unknown };

async function reply(response: Response): Promise<Reply> {
  const text = await response.text();
  let json: unknown = null;
  try {
    json = text === '' ? null : (JSON.parse(text) as unknown);
  } catch {
    json = null;
  }
  return { status: response.status, headers: response.headers, text, json };
}

export async function tokenRequest(
  sandbox: Sandbox,
  form: Record<string, string> | null,
  authorization: string | null = basic(sandbox.demo.clientId, sandbox.demo.clientSecret),
  method = 'POST',
): Promise<Reply> {
  const headers: Record<string, string> = {};
  if (authorization !== null) headers.authorization = authorization;
  if (form !== null) headers['content-type'] = 'application/x-www-form-urlencoded';
  return reply(
    await fetch(`${sandbox.authUrl}/oauth2/token`, {
      method,
      headers,
      body:
        form === null || method === 'GET' || method === 'HEAD'
          ? undefined
          : new URLSearchParams(form).toString(),
    }),
  );
}

export async function control(
  sandbox: Sandbox,
  method: string,
  path: string,
  body?: unknown,
): Promise<Reply> {
  return reply(
    await fetch(`${sandbox.controlUrl}${path}`, {
      method,
      headers: body === undefined ? {} : { 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    }),
  );
}

export async function mintCode(
  sandbox: Sandbox,
  venueId: string = sandbox.demo.venueId,
): Promise<string> {
  const r = await control(sandbox, 'POST', '/authorization-codes', {
    client_id: sandbox.demo.clientId,
    venue_id: venueId,
    redirect_uri: sandbox.demo.redirectUri,
  });
  if (r.status !== 201) throw new Error(`minting a code failed: ${r.status} ${r.text}`);
  return (r.json as { code: string }).code;
}

export type Tokens = {
  access_token: string;
  refresh_token: string;
  expires_in: number;
  scope: string;
  token_type: string;
};

/** Onboards the demo client on a venue and exchanges the code: the first token pair. */
export async function onboard(
  sandbox: Sandbox,
  venueId: string = sandbox.demo.venueId,
): Promise<Tokens> {
  const code = await mintCode(sandbox, venueId);
  const r = await tokenRequest(sandbox, {
    grant_type: 'authorization_code',
    code,
    redirect_uri: sandbox.demo.redirectUri,
  });
  if (r.status !== 200) throw new Error(`code exchange failed: ${r.status} ${r.text}`);
  return r.json as Tokens;
}

export async function refresh(sandbox: Sandbox, refreshToken: string): Promise<Reply> {
  return tokenRequest(sandbox, { grant_type: 'refresh_token', refresh_token: refreshToken });
}

export async function pos(
  sandbox: Sandbox,
  accessToken: string | null,
  method: string,
  path: string,
  body?: unknown,
  headers: Record<string, string> = {},
): Promise<Reply> {
  // A test may send another content-type (lower-case key) to see it refused.
  const all: Record<string, string> = {
    ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    ...headers,
  };
  if (accessToken !== null) all.authorization = `Bearer ${accessToken}`;
  return reply(
    await fetch(`${sandbox.posUrl}${path}`, {
      method,
      headers: all,
      body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
    }),
  );
}

/** Stops real time on the sandbox clock, for tests that look one second before a limit. */
export async function freezeClock(sandbox: Sandbox): Promise<void> {
  const r = await control(sandbox, 'POST', '/clock', { frozen: true });
  if (r.status !== 200) throw new Error(`clock freeze failed: ${r.status} ${r.text}`);
}

export async function advance(sandbox: Sandbox, seconds: number): Promise<void> {
  const r = await control(sandbox, 'POST', '/clock', { advance_seconds: seconds });
  if (r.status !== 200) throw new Error(`clock advance failed: ${r.status} ${r.text}`);
}

type Money = { amount: number; currency: string };
/** The parts of OrderV2 the tests read (the assertions check the rest). */
export type OrderV2Doc = {
  id: string;
  order_status: string;
  order_number: string;
  pickup_eta: string;
  created_at: string;
  type: string;
  pre_order: { preorder_time: string; pre_order_status: string } | null;
  consumer_phone_number: string | null;
  is_no_contact_delivery: boolean | null;
  venue: unknown;
  delivery: {
    type: string;
    self_delivery: boolean;
    location: Record<string, unknown> | null;
    time: string | null;
  };
  fees: { total: Money };
  basket_price: { total: Money };
  order_handling: {
    acceptance_status: string;
    preparation_time: { preparation_time_seconds: number; preparation_time_source: string };
  };
  items: {
    id: string;
    name: string;
    count: number;
    options: { price: Money }[];
    item_price: { unit_price: Money; base_price: Money; total: Money };
  }[];
};
export type OrderV1Doc = { price: Money; order_status: string };
