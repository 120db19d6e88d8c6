import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';

/** The encodings a page is kept in, the most compact first. */
const encodings = {
  br: (html: string) => zlib.brotliCompressSync(html),
  gzip: (html: string) => zlib.gzipSync(html),
} as const;
type Encoding = keyof typeof encodings;

/** The encodings an Accept-Encoding header allows (a zero `q` refuses one). */
function accepted(header: string | undefined) {
  const names = new Set<string>();
  for (const part of (header ?? '').split(',')) {
    const [name, ...parameters] = part.split(';').map((piece) => piece.trim().toLowerCase());
    const refused = parameters.some((parameter) => /^q=0(\.0*)?$/.test(parameter));
    if (name && !refused) names.add(name);
  }
  return names;
}

/**
 * The panel's page for a path that opens a group's pages: index.html with a
 * `<link rel="modulepreload">` for each script those pages need beyond the entry, as the build
 * lists them (`route-preloads.json`, scripts/vite-route-preloads.ts). The browser fetches them
 * while the entry loads, not one round of imports after another once the entry runs. At low
 * priority: the entry comes first, and paints the page's frame (at the same priority they shared
 * a phone's bandwidth with it, and its first paint came 0.7 s later in Lighthouse). Other paths,
 * the sign-in page and the dashboard among them, get index.html as built: nothing enters their
 * first load. A visitor without a session (it is per tab) fetches them too, while signing in, and
 * then opens that page with them: the sign-in page returns to the path. Without the build's list,
 * every path gets index.html as built.
 */
export function routePages(staticDir: string) {
  const listFile = path.join(staticDir, 'route-preloads.json');
  const indexFile = path.join(staticDir, 'index.html');
  const read = () => {
    const index = fs.readFileSync(indexFile, 'utf8');
    const lists = JSON.parse(fs.readFileSync(listFile, 'utf8')) as Record<string, string[]>;
    const pages = new Map<string, { html: string } & Record<Encoding, Buffer>>();
    for (const [prefix, files] of Object.entries(lists)) {
      const links = files.map(
        (file) => `<link rel="modulepreload" crossorigin fetchpriority="low" href="${file}">\n`,
      );
      const html = index.replace('</head>', `${links.join('')}</head>`);
      pages.set(prefix, { html, br: encodings.br(html), gzip: encodings.gzip(html) });
    }
    return pages;
  };
  // Read again after a build (`npm run build` beside a running `npm run serve`): the old pages
  // would name scripts the build has deleted.
  let built: { stamp: string; pages: ReturnType<typeof read> } | undefined;
  const pages = () => {
    const stamp = [listFile, indexFile].map(
      (file) => fs.statSync(file, { throwIfNoEntry: false })?.mtimeMs,
    );
    if (stamp.includes(undefined)) return undefined;
    if (built?.stamp !== stamp.join()) {
      try {
        built = { stamp: stamp.join(), pages: read() };
      } catch {
        // A build still writing them: index.html as it is, until they are whole.
        return undefined;
      }
    }
    return built.pages;
  };
  const pageOf = (url: string) => pages()?.get(/^\/[^/?#]*/.exec(url)?.[0] ?? '');
  /** The page for `url` (by its first segment) if it is a group's, in an encoding the client takes. */
  const routePage = (url: string, acceptEncoding: string | undefined) => {
    const page = pageOf(url);
    if (!page) return undefined;
    const encoding = preferredEncoding(acceptEncoding);
    return { body: encoding ? page[encoding] : page.html, encoding };
  };
  /** The same page's HTML as text, for the server's render to fill (server-render.ts). */
  const template = (url: string) => pageOf(url)?.html;
  return Object.assign(routePage, { template });
}

/** The most compact encoding a client takes, if any. */
export function preferredEncoding(acceptEncoding: string | undefined): Encoding | undefined {
  const allowed = accepted(acceptEncoding);
  return (Object.keys(encodings) as Encoding[]).find((name) => allowed.has(name));
}
