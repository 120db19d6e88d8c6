import * as z from 'zod/mini';
import { serverSortFields, serverStateSchema } from '../../../contract/server';
import { urlChoice, urlList, urlOffset, urlPageSize, urlText } from '../../lib/url-state';

/** The server list the URL describes; unknown values fall back to the defaults. */
export const serverListUrl = z.object({
  state: urlChoice(serverStateSchema),
  search: urlText(),
  label: urlList(),
  sort: urlChoice(z.enum(serverSortFields)),
  order: urlChoice(z.enum(['asc', 'desc'])),
  limit: urlPageSize(25),
  offset: urlOffset(),
});
