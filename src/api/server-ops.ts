import { serverEndpoints } from '../../contract/server';
import type {
  ModifyServerRequest,
  RebuildServerRequest,
  ServerDetails,
} from '../../contract/server';
import { callEndpoint, endpointCall } from './http';
import { refreshServer } from './servers';
import { useCacheMutation } from './cache-mutation';

/** Plan, size and simple backup changes are server modifies (api-reference-notes §2.4, §2.9). */
export const modifyServerCall = (uuid: string, body: ModifyServerRequest) =>
  endpointCall(serverEndpoints.modify, { params: { uuid }, body });

export const relocateServerCall = (uuid: string, zone: string) =>
  endpointCall(serverEndpoints.relocate, { params: { uuid }, body: { zone } });

export const rebuildServerCall = (uuid: string, body: RebuildServerRequest) =>
  endpointCall(serverEndpoints.rebuild, { params: { uuid }, body });

/** A change of one server whose answer is its record: the hook refreshes what it touches. */
function useServerChange<Variables>(run: (variables: Variables) => Promise<ServerDetails>) {
  return useCacheMutation(run, refreshServer);
}

/** Changes what `body` names of the server `uuid`: its plan, size or simple backups. */
export const useModifyServer = () =>
  useServerChange(
    async ({ uuid, body }: { uuid: string; body: ModifyServerRequest }) =>
      (await callEndpoint(serverEndpoints.modify, { params: { uuid }, body })).server,
  );

/** Moves a stopped server and its disks to another zone (api-reference-notes §2.4). */
export const useRelocateServer = () =>
  useServerChange(
    async ({ uuid, zone }: { uuid: string; zone: string }) =>
      (await callEndpoint(serverEndpoints.relocate, { params: { uuid }, body: { zone } })).server,
  );

/** Replaces a stopped server's OS disk with a fresh clone of a template (api-reference-notes §2.8). */
export const useRebuildServer = () =>
  useServerChange(
    async ({ uuid, body }: { uuid: string; body: RebuildServerRequest }) =>
      (await callEndpoint(serverEndpoints.rebuild, { params: { uuid }, body })).server,
  );
