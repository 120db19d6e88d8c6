import { useMutation, useQueryClient } from '@tanstack/react-query';
import { serverEndpoints } from '../../contract/server';
import type { ModifyServerRequest, RebuildServerRequest } from '../../contract/server';
import { callEndpoint, endpointCall } from './http';
import { refreshServer } from './servers';

/** Plan, size and simple backup changes are server modifies (api-reference-notes §2.4, §2.9). */
export const modifyServerCall = (uuid: string, body: ModifyServerRequest) =>
  endpointCall(serverEndpoints.modify, { params: { uuid }, body });

export const relocateServerCall = (uuid: string, zone: string) =>
  endpointCall(serverEndpoints.relocate, { params: { uuid }, body: { zone } });

export const rebuildServerCall = (uuid: string, body: RebuildServerRequest) =>
  endpointCall(serverEndpoints.rebuild, { params: { uuid }, body });

/** Changes what `body` names of the server `uuid`: its plan, size or simple backups. */
export function useModifyServer() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ uuid, body }: { uuid: string; body: ModifyServerRequest }) =>
      (await callEndpoint(serverEndpoints.modify, { params: { uuid }, body })).server,
    onSuccess: (details) => refreshServer(queryClient, details),
  });
}

/** Moves a stopped server and its disks to another zone (api-reference-notes §2.4). */
export function useRelocateServer() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ uuid, zone }: { uuid: string; zone: string }) =>
      (await callEndpoint(serverEndpoints.relocate, { params: { uuid }, body: { zone } })).server,
    onSuccess: (details) => refreshServer(queryClient, details),
  });
}

/** Replaces a stopped server's OS disk with a fresh clone of a template (api-reference-notes §2.8). */
export function useRebuildServer() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ uuid, body }: { uuid: string; body: RebuildServerRequest }) =>
      (await callEndpoint(serverEndpoints.rebuild, { params: { uuid }, body })).server,
    onSuccess: (details) => refreshServer(queryClient, details),
  });
}
