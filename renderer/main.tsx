import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { StoreProvider } from './app-context';
import { findBridge } from './bridge';
import { App } from './components/App';
import { Recovery } from './components/Recovery';
import { en } from './i18n/en';
import { createWebAudioAlarm, createWebAudioPrintAlarm, createWebAudioRinger } from './ringer';
import { createAppStore } from './store';
import './styles.css';

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
        {window.location.hash === '#recovery' ? (
          <Recovery />
        ) : (
          <App
            ringer={createWebAudioRinger()}
            alarm={createWebAudioAlarm()}
            printAlarm={createWebAudioPrintAlarm()}
          />
        )}
      </StoreProvider>
    </StrictMode>,
  );
}
