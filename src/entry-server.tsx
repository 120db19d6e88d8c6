// The server's build of the panel (vite.ssr.config.ts): what server/server-render.ts calls.
export { render } from './app/render-page';
