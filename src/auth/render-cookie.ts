import { renderCookieName } from '../../contract/render-cookie';
import type { RenderCookie } from '../../contract/render-cookie';
import type { SessionStore } from './session-store';

interface RenderCookieOptions {
  /** The media query of the shell's wide layout (its sidebar). */
  wideQuery: string;
  /** Where the colour mode the user chose is kept (light, dark or system). */
  colorModeKey: string;
}

/**
 * Keeps the cookie that lets the panel's server render a signed-in page at once
 * (contract/render-cookie.ts): the session of the tab the user is in, written when the session
 * changes, when the screen's width or colour scheme does, and whenever the tab comes to the
 * front, so that a navigation (which happens in the tab in front) carries its own session and
 * screen; removed on sign-out. A tab whose session differs from the one a page was rendered for
 * does not take that page over (src/app/server-render.ts).
 */
export function keepRenderCookie(
  store: SessionStore,
  { wideQuery, colorModeKey }: RenderCookieOptions,
): void {
  const attributes = `; Path=/; SameSite=Strict${window.location.protocol === 'https:' ? '; Secure' : ''}`;
  const wide = window.matchMedia(wideQuery);
  const prefersDark = window.matchMedia('(prefers-color-scheme: dark)');
  // What the cookie last said of the colour scheme; undefined until it is first written.
  let writtenDark: boolean | undefined;
  const write = () => {
    const { session } = store.getState();
    if (!session) {
      document.cookie = `${renderCookieName}=${attributes}; Max-Age=0`;
      return;
    }
    const mode = window.localStorage.getItem(colorModeKey);
    const { locale, timeZone } = new Intl.DateTimeFormat().resolvedOptions();
    const value: RenderCookie = {
      session,
      wide: wide.matches,
      dark: mode === 'dark' || (mode !== 'light' && prefersDark.matches),
      locale,
      timeZone,
    };
    document.cookie = `${renderCookieName}=${encodeURIComponent(JSON.stringify(value))}${attributes}`;
    writtenDark = value.dark;
  };
  // The first write in a task of its own: it is the page's first use of Intl.DateTimeFormat, which
  // loads the browser's locale data (12-28 ms on a desktop, four times that on Lighthouse's phone)
  // in the task that starts the panel, and the cookie serves the next page load, not this one.
  setTimeout(write, 0);
  store.subscribe(write);
  // The next page is rendered for the screen as it is now: a window made narrower, a phone turned.
  wide.addEventListener('change', write);
  prefersDark.addEventListener('change', write);
  // A mode chosen in the panel (the theme switch): the theme provider puts the scheme's class on
  // <html> (src/app/theme.ts), and the next page is rendered in that scheme, not in the old one
  // until the panel takes it over. Only a change of scheme writes: the provider also sets the
  // class the page already has as it first renders.
  new MutationObserver(() => {
    const dark = document.documentElement.classList.contains('dark');
    if (writtenDark !== undefined && dark !== writtenDark) write();
  }).observe(document.documentElement, { attributes: true, attributeFilter: ['class'] });
  window.addEventListener('focus', write);
  window.addEventListener('pageshow', write);
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'visible') write();
  });
}
