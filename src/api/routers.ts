import type { QueryClient } from '@tanstack/react-query';
import { routerEndpoints } from '../../contract/router';
import type { CreateRouterRequest, ModifyRouterRequest, Router } from '../../contract/router';
import { callEndpoint, endpointCall } from './http';
import { fetchQuery } from './fetch-query';
import { useCacheMutation } from './cache-mutation';

export const routerListCall = endpointCall(routerEndpoints.list, {});

export async function listRouters(signal?: AbortSignal) {
  return (await callEndpoint(routerEndpoints.list, {}, { signal })).routers.router;
}

export async function getRouter(uuid: string, signal?: AbortSignal) {
  return (await callEndpoint(routerEndpoints.get, { params: { uuid } }, { signal })).router;
}

export async function createRouter(body: CreateRouterRequest) {
  return (await callEndpoint(routerEndpoints.create, { body })).router;
}

export async function modifyRouter(uuid: string, body: ModifyRouterRequest) {
  return (await callEndpoint(routerEndpoints.modify, { params: { uuid }, body })).router;
}

export const deleteRouterCall = (uuid: string) =>
  endpointCall(routerEndpoints.delete, { params: { uuid } });

export function deleteRouter(uuid: string) {
  return callEndpoint(routerEndpoints.delete, { params: { uuid } });
}

export const routerQueries = {
  all: () => ['routers'] as const,
  lists: () => [...routerQueries.all(), 'list'] as const,
  list: () => fetchQuery(routerQueries.lists(), listRouters),
  detail: (uuid: string) =>
    fetchQuery([...routerQueries.all(), 'detail', uuid], (signal) => getRouter(uuid, signal)),
};

function refreshRouter(queryClient: QueryClient, router: Router) {
  queryClient.setQueryData(routerQueries.detail(router.uuid).queryKey, router);
  return queryClient.invalidateQueries({ queryKey: routerQueries.lists() });
}

export const useCreateRouter = () => useCacheMutation(createRouter, refreshRouter);

export const useModifyRouter = (uuid: string) =>
  useCacheMutation((body: ModifyRouterRequest) => modifyRouter(uuid, body), refreshRouter);

export const useDeleteRouter = (uuid: string) =>
  useCacheMutation(
    () => deleteRouter(uuid),
    (queryClient) => {
      queryClient.removeQueries({ queryKey: routerQueries.detail(uuid).queryKey });
      queryClient.setQueryData(routerQueries.list().queryKey, (routers) =>
        routers?.filter((router) => router.uuid !== uuid),
      );
      return queryClient.invalidateQueries({ queryKey: routerQueries.lists() });
    },
  );
