import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { appQueryClient } from './app/providers';
import { i18nReady } from './lib/i18n';
import { restoreQueryCache } from './lib/query-persist';
import './index.css';

const container = document.getElementById('root');
if (!container) throw new Error('The #root element is missing from index.html');

// The last-read data first: offline, the app opens from it instead of waiting for the server.
await Promise.all([i18nReady, restoreQueryCache(appQueryClient)]);
const root = createRoot(container);
// A transition renders in slices of a few milliseconds, yielding to the browser between them, so
// a phone's first render (shell, then page) is no single long task (issue 42).
startTransition(() => {
  root.render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
});
