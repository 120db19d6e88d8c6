import { StrictMode, startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { App, afterTakeOver, startApp } from './app/app';

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element.');

// index.html's loading indicator shows until the first commit. The first render is a transition,
// which React renders in slices, yielding to the browser between them: rendered at once, the
// shell and a page (their code is in by then, app.tsx) were one task of a few hundred
// milliseconds on a phone, most of Lighthouse's blocking time on the storage list (TBT 490 ms →
// 120 ms, score 84 → 95, bench/panel.ts).
// A page the server rendered (server/server-render.ts) is taken over as it stands: it is on the
// screen before this script runs.
void startApp(container).then((serverRendered) => {
  // In a transition either way, so that React works in slices: taking over the storage list was
  // one task of ~80 ms on a desktop, several times that on a phone.
  if (serverRendered) {
    const app = (
      <StrictMode>
        <App
          onTakenOver={afterTakeOver(container)}
          renderedWide={container.dataset.renderedWide === 'true'}
        />
      </StrictMode>
    );
    startTransition(() => void hydrateRoot(container, app));
    return;
  }
  const root = createRoot(container);
  startTransition(() =>
    root.render(
      <StrictMode>
        <App />
      </StrictMode>,
    ),
  );
});
