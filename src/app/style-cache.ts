import createCache from '@emotion/cache';
import type { EmotionCache, StylisPlugin } from '@emotion/cache';

/**
 * Safari still takes `user-select` only with its prefix: the one vendor prefix the panel's
 * browsers need of those emotion's stylis would write.
 */
const webkitUserSelect: StylisPlugin = (element) => {
  if (element.type === 'decl' && element.props === 'user-select' && !element.return) {
    element.return = `-webkit-${element.value}${element.value}`;
  }
};

/**
 * One array for every cache: on the server, emotion keeps compiled rules per plugin array, so that
 * renders after the first reuse them.
 */
const plugins = [webkitUserSelect];

/**
 * Emotion's cache for the panel's styles, named as emotion's default ('css', which a page the
 * server rendered names its styles by), but without stylis's prefixer: its `-webkit-box`,
 * `-ms-flexbox` and the like were a fifth of a page's CSS (17.5 of 90 KB on the storage list),
 * for browsers the panel does not run in.
 */
export function createStyleCache(key = 'css'): EmotionCache {
  return createCache({ key, stylisPlugins: plugins });
}

let browserCache: EmotionCache | undefined;

/** The browser's one cache, made when first asked for. */
export function browserStyleCache(): EmotionCache {
  browserCache ??= createStyleCache();
  return browserCache;
}
