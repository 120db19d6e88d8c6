import { queryOptions } from '@tanstack/react-query';
import { accountResponseSchema } from '../../contract/account';
import { request } from './http';
import type { RequestOptions } from './http';

export async function getAccount(options?: Pick<RequestOptions, 'authorization' | 'signal'>) {
  const response = await request('/1.3/account', accountResponseSchema, options);
  return response.account;
}

export const accountQueries = {
  all: () => ['account'] as const,
  detail: () =>
    queryOptions({
      queryKey: [...accountQueries.all(), 'detail'],
      queryFn: ({ signal }) => getAccount({ signal }),
    }),
};
