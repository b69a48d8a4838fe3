// A failed step outside the terminal reaches staff as what failed and why; a refused
// authorization code keeps the platform's specific reason, as its own code in every language.
import { describe, expect, it } from 'vitest';
import { RequestError } from './http/http';
import { failure } from './service-error';
import { refusalText } from '../shared/refusals';
import type { ServiceApi } from '../shared/ipc/contract';
import { invokeChannel } from './host/dispatch';

const GENERIC =
  'The provided authorization grant (e.g., authorization code, resource owner credentials) or refresh token is invalid, expired, revoked, does not match the redirection URI used in the authorization request, or was issued to another client.';

const refused = (description: string | null, status = 400): RequestError =>
  new RequestError({
    kind: 'permanent',
    status,
    message: description ?? 'invalid_grant',
    body: {
      error: 'invalid_grant',
      ...(description === null ? {} : { error_description: description }),
    },
  });

describe('failure: what staff read when a step failed', () => {
  it("refuses an authorization code by the platform's reason, each its own code", () => {
    const cases = [
      [`${GENERIC} The authorization code has already been used.`, 'auth-code-used'],
      [GENERIC, 'auth-code-invalid'],
      [null, 'auth-code-invalid'],
      [
        `${GENERIC} The OAuth 2.0 Client ID from this request does not match the one from the authorize request.`,
        'auth-code-other-client',
      ],
      [
        `${GENERIC} The 'redirect_uri' from this request does not match the one from the authorize request.`,
        'auth-redirect-mismatch',
      ],
    ] as const;
    for (const [description, key] of cases) {
      const bridge = failure(refused(description), 'connect').bridge;
      expect({ description, code: bridge.code, key: bridge.refusal?.key }).toEqual({
        description,
        code: 'failed',
        key,
      });
      expect(bridge.message).toBe(refusalText(bridge.refusal!, 'en'));
    }
    const used = failure(
      refused(`${GENERIC} The authorization code has already been used.`),
      'addVenue',
    );
    expect(used.bridge.message).toMatch(/authorization code has already been used/);
    expect(refusalText(used.bridge.refusal!, 'fi')).toMatch(/valtuutuskoodi on jo käytetty/);
  });

  it('keeps the generic words for what is not a refused code, and never the raw error', () => {
    const logged: string[] = [];
    const refresh = failure(refused(`${GENERIC} The refresh token expired.`), 'change', (line) =>
      logged.push(line),
    ).bridge;
    expect(refresh.refusal).toEqual({ key: 'failed', values: ['change', null] });
    expect(refresh.message).toBe('Changing the connection failed. Try again.');
    expect(logged.join('\n')).toMatch(/refresh token expired/);
    const down = failure(
      new RequestError({ kind: 'temporary', status: 503, message: 'upstream broke' }),
      'connect',
    ).bridge;
    expect(down.message).toBe(
      'Connecting the venue failed. The service has a problem right now: try again in a minute.',
    );
    const refusedClient = failure(
      new RequestError({
        kind: 'permanent',
        status: 401,
        message: 'bad client',
        body: { error: 'invalid_client' },
      }),
      'connect',
    ).bridge;
    expect(refusedClient.refusal).toEqual({ key: 'failed', values: ['connect', 'refused'] });
    expect(refusedClient.message).not.toMatch(/bad client/);
  });

  it("words a price the channel's rule refuses by that rule; other bad requests stay generic", async () => {
    const api = {} as ServiceApi;
    const price = await invokeChannel(api, 'menu:setPrice', {
      target: 'item',
      externalData: 'side-fries',
      price: 450,
      discountedPrice: 500,
    });
    expect(price.ok ? null : price.error.refusal).toEqual({
      key: 'discount-not-lower',
      values: [],
    });
    const other = await invokeChannel(api, 'menu:setPrice', {
      target: 'item',
      externalData: '',
      price: 100,
      discountedPrice: null,
    });
    expect(other.ok ? null : other.error.refusal?.key).toBe('bad-request');
  });
});
