// A page the server rendered (server/server-render.ts) is on the screen before the panel's code
// is asked for: its scripts (an inert template in the head) are put in place, and the panel's
// entry started, once the browser has painted that page.
requestAnimationFrame(() =>
  setTimeout(() => {
    document.head.append(document.getElementById('skydeck-scripts').content);
    import(document.getElementById('skydeck-entry').href);
  }),
);
