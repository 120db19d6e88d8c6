// A page the server rendered (server/server-render.ts) is on the screen before the panel's code
// runs: the panel's entry, named by the page and already fetched (modulepreload), starts once the
// browser has painted that page, not between the end of its parsing and its first paint.
requestAnimationFrame(() =>
  setTimeout(() => import(document.getElementById('skydeck-entry').href)),
);
