import type { Plugin } from 'vite';

const forwardRefCall = /\bReact\d*\.forwardRef\(/g;
const displayNameWrite = /^[A-Za-z_$][\w$]*\.displayName = "[^"\n]*";$/gm;

/**
 * React Router's production build with what this panel does not use left out. Its components made
 * by `React.forwardRef(…)` (Link, NavLink, Form) are calls a bundler keeps unless told they are
 * pure, and each is followed by a `displayName` write, a second statement that keeps it: `Form`
 * and what only it uses (form submission, action paths) rode in the entry, about 1.4 KB gzip of
 * the first load, though the panel has no route action. Here each such call is marked pure, and
 * the `displayName` writes, which name components and contexts for React DevTools alone, are
 * dropped. A React Router whose build no longer matches either pattern fails the build, so the
 * saving cannot leave silently.
 */
export function shakeReactRouter(): Plugin {
  let calls = 0;
  let writes = 0;
  return {
    name: 'skydeck-shake-react-router',
    apply: 'build',
    buildStart() {
      calls = 0;
      writes = 0;
    },
    transform: {
      filter: { id: /[\\/]react-router[\\/]dist[\\/]production[\\/][^\\/]+\.mjs$/ },
      handler(code) {
        calls += code.match(forwardRefCall)?.length ?? 0;
        writes += code.match(displayNameWrite)?.length ?? 0;
        return {
          code: code
            .replace(forwardRefCall, (call) => `/* @__PURE__ */ ${call}`)
            .replace(displayNameWrite, ''),
          map: null,
        };
      },
    },
    buildEnd() {
      if (calls === 0 || writes === 0) {
        this.error(
          `React Router's build has no React.forwardRef call (${calls}) or displayName write ` +
            `(${writes}) left to shake: update scripts/vite-shake-react-router.ts for it`,
        );
      }
    },
  };
}
