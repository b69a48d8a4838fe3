// The loopback listener over a real socket: the right state gets the code once; a wrong state,
// a second callback and silence each end the sign-in without a code.
import { describe, expect, it } from 'vitest';
import { SIGN_IN_CALLBACK_PATH } from '../../shared/sign-in';
import { pageFitsOnboarding, SignInError, startLoopbackSignIn } from './loopback-sign-in';

const ONBOARDING = 'https://platform.example/onboarding/start?client_id=c1';

const callback = async (redirectUri: string, query: Record<string, string>) => {
  const url = new URL(redirectUri);
  for (const [k, v] of Object.entries(query)) url.searchParams.set(k, v);
  return fetch(url).then(
    (res) => res.status,
    () => 'refused' as const,
  );
};

const reasonOf = (promise: Promise<string>) =>
  promise.then(
    () => 'resolved',
    (error: unknown) => (error instanceof SignInError ? error.reason : String(error)),
  );

describe('loopback sign-in', () => {
  it('refuses an onboarding address it cannot open by its reason, not English words', async () => {
    const started = startLoopbackSignIn({ onboardingUrl: 'ftp://platform.example/onboarding' });
    await expect(started).rejects.toBeInstanceOf(SignInError);
    await expect(started).rejects.toMatchObject({ reason: 'no-page' });
  });

  it('opens the onboarding page with a loopback redirect and a random state, and takes the code', async () => {
    const signIn = await startLoopbackSignIn({ onboardingUrl: ONBOARDING });
    const start = new URL(signIn.startUrl);
    expect(start.searchParams.get('client_id')).toBe('c1');
    expect(start.searchParams.get('redirect_uri')).toBe(signIn.redirectUri);
    expect(signIn.redirectUri).toMatch(/^http:\/\/127\.0\.0\.1:\d+\//);
    expect(new URL(signIn.redirectUri).pathname).toBe(SIGN_IN_CALLBACK_PATH);
    const state = start.searchParams.get('state')!;
    expect(state.length).toBeGreaterThanOrEqual(40);
    const other = await startLoopbackSignIn({ onboardingUrl: ONBOARDING });
    expect(new URL(other.startUrl).searchParams.get('state')).not.toBe(state);
    other.cancel();

    expect(await callback(signIn.redirectUri, { code: 'abc', state })).toBe(200);
    await expect(signIn.code).resolves.toBe('abc');
  });

  it('refuses a callback with another state and gives no code', async () => {
    const signIn = await startLoopbackSignIn({ onboardingUrl: ONBOARDING });
    expect(await callback(signIn.redirectUri, { code: 'abc', state: 'guessed' })).toBe(400);
    expect(await reasonOf(signIn.code)).toBe('state-mismatch');
  });

  it('answers one callback only: a second one gets no code', async () => {
    const signIn = await startLoopbackSignIn({ onboardingUrl: ONBOARDING });
    const state = new URL(signIn.startUrl).searchParams.get('state')!;
    expect(await callback(signIn.redirectUri, { code: 'first', state })).toBe(200);
    const second = await callback(signIn.redirectUri, { code: 'second', state });
    expect(second === 'refused' || second === 410).toBe(true);
    await expect(signIn.code).resolves.toBe('first');
  });

  it('ends with a timeout when no callback comes, and listens no more', async () => {
    const signIn = await startLoopbackSignIn({ onboardingUrl: ONBOARDING, timeoutMs: 50 });
    expect(await reasonOf(signIn.code)).toBe('timeout');
    const state = new URL(signIn.startUrl).searchParams.get('state')!;
    const late = await callback(signIn.redirectUri, { code: 'late', state });
    expect(late === 'refused' || late === 410).toBe(true);
  });

  it('reports a denied sign-in and one without a code', async () => {
    const denied = await startLoopbackSignIn({ onboardingUrl: ONBOARDING });
    const s1 = new URL(denied.startUrl).searchParams.get('state')!;
    await callback(denied.redirectUri, { error: 'access_denied', state: s1 });
    expect(await reasonOf(denied.code)).toBe('denied');
    const empty = await startLoopbackSignIn({ onboardingUrl: ONBOARDING });
    const s2 = new URL(empty.startUrl).searchParams.get('state')!;
    await callback(empty.redirectUri, { state: s2 });
    expect(await reasonOf(empty.code)).toBe('no-code');
  });

  it('lets a window open only the configured onboarding page with our parameters added', async () => {
    const signIn = await startLoopbackSignIn({ onboardingUrl: ONBOARDING });
    signIn.cancel();
    expect(pageFitsOnboarding(signIn.startUrl, ONBOARDING)).toBe(true);
    const elsewhere = new URL(signIn.startUrl);
    elsewhere.host = 'attacker.example';
    expect(pageFitsOnboarding(elsewhere.href, ONBOARDING)).toBe(false);
    const otherPath = new URL(signIn.startUrl);
    otherPath.pathname = '/other';
    expect(pageFitsOnboarding(otherPath.href, ONBOARDING)).toBe(false);
    const otherClient = new URL(signIn.startUrl);
    otherClient.searchParams.set('client_id', 'c2');
    expect(pageFitsOnboarding(otherClient.href, ONBOARDING)).toBe(false);
    expect(
      pageFitsOnboarding('javascript:alert(1)//platform.example/onboarding/start', ONBOARDING),
    ).toBe(false);
    expect(pageFitsOnboarding(signIn.startUrl.replace('https:', 'file:'), ONBOARDING)).toBe(false);
  });
});
