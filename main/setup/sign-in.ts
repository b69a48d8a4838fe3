// setup:signIn: the relay and the platform are checked, a loopback listener waits for the code,
// the platform's sign-in page is shown, and the code that comes back connects the venue through
// setup:connect's path (checked again there, then spent). Staff never see or type the code.
import type { ParsedRequestOf } from '../../shared/ipc/contract';
import { failure, ServiceError } from '../service-error';
import { SignInError, startLoopbackSignIn } from './loopback-sign-in';
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

export const signInVenue = async (
  ctx: SetupContext,
  request: ParsedRequestOf<'setup:signIn'>,
): Promise<{ venueId: string }> => {
  const open = ctx.deps.openSignInPage;
  if (!open)
    throw new ServiceError(
      'failed',
      'This terminal cannot open the platform’s sign-in page; paste an authorization code instead.',
    );
  ctx.signIn?.cancel();
  const { onboardingUrl, ...connection } = request;
  let signIn;
  try {
    signIn = await startLoopbackSignIn({ onboardingUrl });
  } catch (error) {
    throw failure(error, 'Starting the sign-in');
  }
  ctx.signIn = signIn;
  let code: string;
  try {
    await preflight(request, signIn.redirectUri);
    await open(signIn.startUrl);
    code = await signIn.code;
  } catch (error) {
    signIn.cancel();
    if (error instanceof SignInError) throw new ServiceError('invalid-request', error.message);
    throw failure(error, 'Signing in with the platform');
  } finally {
    if (ctx.signIn === signIn) ctx.signIn = null;
  }
  return connectVenue(ctx, { ...connection, code, redirectUri: signIn.redirectUri });
};
