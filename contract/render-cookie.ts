import { z } from 'zod/mini';

/**
 * What the panel tells its own server so that the server can render a signed-in page before the
 * panel's code runs (server/server-render.ts): the tab's session, and how the browser last laid
 * the panel out. A cookie, because a navigation carries nothing else; the panel writes it
 * (src/auth/render-cookie.ts) and the server only reads it, to render pages: the API never
 * accepts it in place of the Authorization header.
 */
export const renderCookieName = 'skydeck-render';

/** At most this long (encoded): a session token and a username fit many times over. */
export const renderCookieMaxLength = 2048;

/** A tag Intl takes as a locale: a malformed one would make the render's formatting throw. */
function isLocale(tag: string) {
  try {
    return Intl.getCanonicalLocales(tag).length === 1;
  } catch {
    return false;
  }
}

/** A time zone Intl knows, aliases included (browsers report some, such as Asia/Calcutta). */
function isTimeZone(zone: string) {
  try {
    return Intl.DateTimeFormat('en-US', { timeZone: zone }).resolvedOptions().timeZone !== '';
  } catch {
    return false;
  }
}

const makeSchema = () =>
  z.object({
    /** The tab's session, as the panel keeps it (src/auth/session-store.ts). */
    session: z.object({
      token: z.string().check(z.minLength(1), z.maxLength(512)),
      tokenId: z.optional(z.string().check(z.maxLength(64))),
      /** Whose session: the page compares it with its own before taking over the server's render. */
      username: z.string().check(z.minLength(1), z.maxLength(128)),
      viaPassword: z.boolean(),
      expiresAt: z.optional(z.string().check(z.maxLength(64))),
    }),
    /** The screen was wide enough for the sidebar (the theme's `md` breakpoint and up). */
    wide: z.boolean(),
    /** The page was dark. */
    dark: z.boolean(),
    /** The browser's locale and time zone, which dates and numbers are written in. */
    locale: z.string().check(z.maxLength(64), z.refine(isLocale)),
    timeZone: z.string().check(z.maxLength(64), z.refine(isTimeZone)),
  });
export type RenderCookie = z.infer<ReturnType<typeof makeSchema>>;

let schema: ReturnType<typeof makeSchema> | undefined;
/**
 * The cookie's schema, made on first use: the panel imports only the name, and a schema made as
 * this module loads would stay in the panel's first load (bundlers keep its calls).
 */
export const renderCookieSchema = () => (schema ??= makeSchema());

/**
 * The server's render as both sides call it: server/server-render.ts, and the panel's build of
 * src/app/render-page.tsx that it loads (src/entry-server.tsx).
 */
export interface RenderRequest {
  /** The page's path and query. */
  url: string;
  /** The tab's session, as it keeps it. */
  session: RenderCookie['session'];
  /** The browser's locale and time zone. */
  locale: string;
  timeZone: string;
  /** Lay the shell out for a wide screen (its sidebar). */
  wide: boolean;
  /** Sends the API requests the page makes, as the panel's own server answers them. */
  fetch: (url: string, init: RequestInit) => Promise<Response>;
  /** Gives up the render: the page is then drawn in the browser as if never rendered here. */
  signal: AbortSignal;
}

/** A read the server made for the page it rendered, as the page's cache keeps it. */
export interface ServerRead {
  key: readonly unknown[];
  data: unknown;
  updatedAt: number;
}

/** A request the server sent for the page, as the panel's "API call" view lists what it sent. */
export interface ServerRequest {
  method: string;
  /** Path with query, as the panel's API layer was given it (src/api/http.ts). */
  path: string;
}

/** What the page carries beside its markup (JSON in the element named `serverReadsId`). */
export interface ServerReads {
  reads: ServerRead[];
  sent: ServerRequest[];
}

export interface RenderedPage {
  /** The page's markup. */
  html: string;
  /** Its styles, for the document's head. */
  head: string;
  /** What src/app/server-render.ts puts into the panel's cache before taking the page over. */
  reads: ServerRead[];
  /** The API requests the render sent for them: the page's "API call" shows them as sent. */
  sent: ServerRequest[];
  /** When the page was rendered (ms since the epoch): the time its relative times are from. */
  renderedAt: number;
}

/** The id of the script element (JSON, never run) that carries the rendered page's reads. */
export const serverReadsId = 'skydeck-server-reads';
