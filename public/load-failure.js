// The panel's code may not come: the connection dropped, or the panel was updated and the files
// this page names are gone. Without it a page showed its loading indicator for ever, and a page
// the server drew looked usable while its clicks were held for a panel that never came
// (after-paint.js). Either way the user is now told so and offered a reload. Plain DOM: this runs
// when nothing else of the panel does. Styled through the CSSOM, which the panel's CSP allows.
window.skydeckLoadFailed = () => {
  if (document.getElementById('skydeck-load-failure')) return;
  document.getElementById('startup')?.remove();
  const notice = document.createElement('p');
  notice.id = 'skydeck-load-failure';
  notice.setAttribute('role', 'alert');
  Object.assign(notice.style, {
    margin: '0',
    padding: '12px 16px',
    font: '16px/1.5 Roboto, Helvetica, Arial, sans-serif',
    color: '#5f2120',
    background: '#fdeded',
    borderBottom: '1px solid #d32f2f',
  });
  const reload = document.createElement('a');
  reload.href = window.location.href;
  reload.textContent = 'Reload the page';
  reload.style.color = 'inherit';
  notice.append('Skydeck could not load its code. Check your connection. ', reload, '.');
  document.body.prepend(notice);
};
// A page drawn in the browser: its entry is a module script, which fires `error` when it, or any
// module it imports, cannot be fetched. (A page the server drew names no such script here.)
document
  .querySelector('script[type="module"][src]')
  ?.addEventListener('error', () => window.skydeckLoadFailed());
