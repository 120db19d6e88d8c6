import fs from 'node:fs/promises';
import path from 'node:path';
import { minify } from 'vite';
import type { Plugin, ResolvedConfig } from 'vite';

/**
 * The classic scripts of public/ (`after-paint.js`, with every page the server renders) minified
 * in the build, as the bundle's modules are: Vite copies public/ as it stands, and their comments
 * (written for this repository) went to every such page. Top-level names are kept: classic
 * scripts share the page's global scope, where two mangled to one name would collide.
 */
export function minifyPublicScripts(): Plugin {
  let config: ResolvedConfig;
  return {
    name: 'skydeck-minify-public-scripts',
    apply: 'build',
    configResolved(resolved) {
      config = resolved;
    },
    async writeBundle(options) {
      if (!config.publicDir || config.build.ssr) return;
      const outDir = options.dir ?? config.build.outDir;
      const scripts = (await fs.readdir(config.publicDir)).filter((file) => file.endsWith('.js'));
      await Promise.all(
        scripts.map(async (file) => {
          const target = path.join(outDir, file);
          const source = await fs.readFile(target, 'utf8');
          const { code, errors } = await minify(file, source, {
            compress: true,
            mangle: { toplevel: false },
          });
          if (errors.length > 0)
            throw new Error(`${file} could not be minified: ${errors[0]!.message}`);
          await fs.writeFile(target, code);
        }),
      );
    },
  };
}
