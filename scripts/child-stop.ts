// How the demo stops a server it started as a child process (relay, sandbox).
import type { ChildProcess } from 'node:child_process';

/** Resolves when the child is gone, however it ended. */
export const exitOf = (child: ChildProcess): Promise<void> =>
  new Promise<void>((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) resolve();
    else child.once('exit', () => resolve());
  });

/**
 * SIGTERM (the server answers what is open and closes its database), SIGKILL if that hangs. A
 * frozen (SIGSTOPped) child gets the SIGTERM only once it runs again: it is continued too.
 */
export const stopChild = async (child: ChildProcess, timeoutMs: number): Promise<void> => {
  const exited = exitOf(child);
  if (child.exitCode !== null || child.signalCode !== null) return;
  child.kill('SIGTERM');
  child.kill('SIGCONT');
  let timer: NodeJS.Timeout | undefined;
  const late = await Promise.race([
    exited.then(() => false),
    new Promise<boolean>((resolve) => (timer = setTimeout(() => resolve(true), timeoutMs))),
  ]);
  clearTimeout(timer);
  if (late && child.exitCode === null && child.signalCode === null) {
    child.kill('SIGKILL');
    await exited;
  }
};
