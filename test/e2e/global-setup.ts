// Run once before the end-to-end files, which run beside each other: what they read from dist/
// (the renderer bundle the web host serves, the Electron bundles the packaging test packs) is
// built here, never by two files at once.
import { buildMain } from '../../scripts/build-main';
import { ensureRendererBuilt } from '../../scripts/start-web';

export const setup = async (): Promise<void> => {
  await Promise.all([ensureRendererBuilt(), buildMain()]);
};
