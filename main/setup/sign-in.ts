// setup:signIn: the relay and the platform are checked, a loopback listener waits for the code,
// the platform's sign-in page is shown, and the code that comes back connects the venue through
// setup:connect's path (checked again there, then spent). Staff never see or type the code.
// The desktop shows the page in the system browser; a host that cannot (the web host) has the
// window that asked open it: main hands it the page by `setup:signInPage`, checked first against
// the onboarding address staff entered.
import type { ParsedRequestOf } from '../../shared/ipc/contract';
import { refusal as refusalOf } from '../../shared/refusals';
import { failure, ServiceError } from '../service-error';
import { pageFitsOnboarding, SignInError, startLoopbackSignIn } from './loopback-sign-in';
import { checkOrderApi, checkRelay, checkTokenService } from './preflight';
import type { SetupContext } from './setup-context';
import { isProblem, refusal } from './setup-context';
import { connectVenue } from './setup-handlers';

/** The listener's own redirect stands in for the one a pasted code needs: the checks are the same. */
const preflight = async (
  request: ParsedRequestOf<'setup:signIn'>,
  redirectUri: string,
): Promise<void> => {
  const results = await Promise.all([
    checkRelay(request.relayUrl, request.terminalKey),
    checkTokenService({ ...request, redirectUri }),
    checkOrderApi(request.posUrl),
  ]);
  const problems = results.filter(isProblem);
  if (problems.length > 0) throw refusal(problems, 'nothing-spent');
};

/** A sign-in that ended without a code, as its reason's code: the window words it in its language. */
const signInRefusal = (error: SignInError): ServiceError =>
  new ServiceError('invalid-request', refusalOf(`sign-in-${error.reason}`));

const showPage = async (ctx: SetupContext, page: string, onboardingUrl: string): Promise<void> => {
  if (!pageFitsOnboarding(page, onboardingUrl)) throw new SignInError('no-page');
  const open = ctx.deps.openSignInPage;
  if (open) {
    await open(page);
    ctx.deps.hub.emit('setup:signInPage', { pageUrl: null });
  } else ctx.deps.hub.emit('setup:signInPage', { pageUrl: page });
};

export const signInVenue = async (
  ctx: SetupContext,
  request: ParsedRequestOf<'setup:signIn'>,
): Promise<{ venueId: string }> => {
  ctx.signIn?.cancel();
  const { onboardingUrl, ...connection } = request;
  let signIn;
  try {
    signIn = await startLoopbackSignIn({ onboardingUrl });
  } catch (error) {
    if (error instanceof SignInError) throw signInRefusal(error);
    throw failure(error, 'startSignIn');
  }
  ctx.signIn = signIn;
  let code: string;
  try {
    // Cancelled (or replaced) while the checks ran: the page is not shown.
    await Promise.race([preflight(request, signIn.redirectUri), signIn.code]);
    await showPage(ctx, signIn.startUrl, onboardingUrl);
    code = await signIn.code;
  } catch (error) {
    signIn.cancel();
    if (error instanceof SignInError) throw signInRefusal(error);
    throw failure(error, 'signIn');
  } finally {
    if (ctx.signIn === signIn) ctx.signIn = null;
  }
  return connectVenue(
    ctx,
    { ...connection, code, redirectUri: signIn.redirectUri },
    { onboardingUrl },
  );
};

/** Staff gave up waiting: the listener closes, and the waiting setup:signIn answers 'cancelled'. */
export const cancelSignIn = (ctx: SetupContext): void => {
  ctx.signIn?.cancel();
};
