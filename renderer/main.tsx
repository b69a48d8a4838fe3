import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { StoreProvider } from './shell/app-context';
import { findBridge } from './ui-kit/bridge';
import { App } from './shell/App';
import { Recovery } from './machine/Recovery';
import { en } from './i18n/en';
import { createWebAudioSounds } from './ui-kit/ringer';
import { createAppStore } from './shell/store';
import { wordFieldIssues } from './ui-kit/form';
import './styles.css';

wordFieldIssues();
const root = createRoot(document.getElementById('root')!);
const bridge = findBridge();
if (!bridge) {
  root.render(<p className="center">{en.noBridge}</p>);
} else {
  const store = createAppStore(bridge, {
    storage: window.localStorage,
    prefersDark: window.matchMedia?.('(prefers-color-scheme: dark)').matches ?? false,
  });
  root.render(
    <StrictMode>
      <StoreProvider store={store}>
        {window.location.hash === '#recovery' ? <Recovery /> : <App {...createWebAudioSounds()} />}
      </StoreProvider>
    </StrictMode>,
  );
}
