import { render } from '@testing-library/react';
import { CacheProvider } from '@emotion/react';
import Box from '@mui/material/Box';
import { describe, expect, it } from 'vitest';
import type { EmotionCache } from '@emotion/cache';
import { createStyleCache } from './style-cache';

/** The rules the cache wrote into the document (as text: outside a production build). */
function stylesWritten(cache: EmotionCache) {
  return cache.sheet.tags.map((style) => style.textContent).join('');
}

describe('the panel’s style cache', () => {
  it('writes standard properties without the prefixes of browsers the panel does not run in', () => {
    const cache = createStyleCache('prefixes');
    render(
      <CacheProvider value={cache}>
        <Box sx={{ display: 'flex', alignItems: 'center', userSelect: 'none' }}>Storage</Box>
      </CacheProvider>,
    );
    const css = stylesWritten(cache);
    expect(css).toContain('display:flex;');
    expect(css).toContain('align-items:center;');
    expect(css).not.toMatch(/-webkit-box|-ms-flexbox|-webkit-align-items|-ms-flex-align/);
    // Safari takes user-select only with its prefix.
    expect(css).toContain('-webkit-user-select:none;user-select:none;');
  });
});
