// A page the server rendered (server/server-render.ts) is on the screen before the panel's code
// is asked for: its scripts (an inert template in the head) are put in place, and the panel's
// entry started, once that page is on the screen. Not merely painted: the first frame's raster
// and the panel's code, fetched and run at once, were one contest for the CPU that the row lost.
// First contentful paint is reported once the frame is presented; where the browser does not
// report it, the scripts start after the first frame.
const start = () => {
  document.head.append(document.getElementById('skydeck-scripts').content);
  import(document.getElementById('skydeck-entry').href).catch(loadFailed);
};

// The panel's code did not come (the connection dropped, or the panel was updated and the files
// this page names are gone): what the user does goes to the page as it is, so its links lead on,
// and an alert says so, with a reload. Held, clicks did nothing, on a page that looked usable.
// Styled through the CSSOM, which the panel's CSP allows.
function loadFailed() {
  window.skydeckHeld?.();
  const notice = document.createElement('p');
  notice.setAttribute('role', 'alert');
  Object.assign(notice.style, {
    margin: '0',
    padding: '12px 16px',
    font: '16px/1.5 Roboto, Helvetica, Arial, sans-serif',
    color: '#5f2120',
    background: '#fdeded',
  });
  const reload = document.createElement('a');
  reload.href = '';
  reload.textContent = 'reload the page';
  reload.style.color = 'inherit';
  notice.append('Skydeck could not load its code. Check your connection, then ', reload, '.');
  document.body.prepend(notice);
}
if (PerformanceObserver.supportedEntryTypes?.includes('paint')) {
  new PerformanceObserver((entries, observer) => {
    if (entries.getEntriesByName('first-contentful-paint').length === 0) return;
    observer.disconnect();
    setTimeout(start);
  }).observe({ type: 'paint', buffered: true });
} else {
  requestAnimationFrame(() => setTimeout(start));
}

// Until the panel has taken the page over, what the user does on it is held for the panel to do
// then (src/app/server-render.ts): a click (a button, a checkbox) or a form's submission, and the
// text last typed into each field. None of it reaches the panel before: while React takes the page
// over, it would meet fields whose state it does not have yet. A link is left to the browser: its
// navigation gets that page rendered too.
const held = [];
const typed = new Map();
const holding = ['click', 'submit', 'input'];
const hold = (event) => {
  const { target } = event;
  if (!(target instanceof Element) || !document.getElementById('root')?.contains(target)) return;
  if (event.type === 'click' && target.closest('a[href]')) return;
  event.stopPropagation();
  if (event.type === 'input') {
    if ('value' in target) typed.set(target, target.value);
    return;
  }
  event.preventDefault();
  held.push({ type: event.type, target });
};
for (const type of holding) document.addEventListener(type, hold, true);
window.skydeckHeld = () => {
  for (const type of holding) document.removeEventListener(type, hold, true);
  delete window.skydeckHeld;
  return { held, typed };
};
