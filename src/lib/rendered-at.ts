let renderedAt: (() => number) | undefined;

/**
 * When the page on the screen was rendered on the server, if it was: the server's render wrote
 * its relative times ("5 seconds ago") from it, and the browser's first render, which takes that
 * page over, must write the same (`useNow`, src/app/render-page.tsx, src/app/server-render.ts).
 */
export const setRenderedAt = (read: () => number) => void (renderedAt = read);

export const readRenderedAt = () => renderedAt?.();
