import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { App, appReady } from './app/app';

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element.');

// index.html's loading indicator shows until the first commit. The first render is a transition,
// which React renders in slices, yielding to the browser between them: rendered at once, the
// shell and a page (their code is in by then, app.tsx) were one task of a few hundred
// milliseconds on a phone, most of Lighthouse's blocking time on the storage list (TBT 490 ms →
// 120 ms, score 84 → 95, bench/panel.ts).
void appReady.then(() => {
  const root = createRoot(container);
  startTransition(() =>
    root.render(
      <StrictMode>
        <App />
      </StrictMode>,
    ),
  );
});
