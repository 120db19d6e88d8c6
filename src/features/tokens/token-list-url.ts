import * as z from 'zod/mini';
import { urlOffset, urlPageSize } from '../../lib/url-state';

/** The page of the token list the URL asks for: the API pages it (api-reference-notes §11). */
export const tokenListUrl = z.object({ limit: urlPageSize(100), offset: urlOffset() });
