import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App, appReady } from './app/app';

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element.');

// index.html's loading indicator shows until then.
void appReady.then(() =>
  createRoot(container).render(
    <StrictMode>
      <App />
    </StrictMode>,
  ),
);
