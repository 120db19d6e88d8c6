// A page the server rendered (server/server-render.ts) is on the screen before the panel's code
// is asked for: its scripts (an inert template in the head) are put in place, and the panel's
// entry started, once that page is on the screen. Not merely painted: the first frame's raster
// and the panel's code, fetched and run at once, were one contest for the CPU that the row lost.
// First contentful paint is reported once the frame is presented; where the browser does not
// report it, the scripts start after the first frame.
const start = () => {
  document.head.append(document.getElementById('skydeck-scripts').content);
  import(document.getElementById('skydeck-entry').href);
};
if (PerformanceObserver.supportedEntryTypes?.includes('paint')) {
  new PerformanceObserver((entries, observer) => {
    if (entries.getEntriesByName('first-contentful-paint').length === 0) return;
    observer.disconnect();
    setTimeout(start);
  }).observe({ type: 'paint', buffered: true });
} else {
  requestAnimationFrame(() => setTimeout(start));
}
