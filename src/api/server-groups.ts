import { serverGroupEndpoints } from '../../contract/server-group';
import type {
  CreateServerGroupRequest,
  ModifyServerGroupRequest,
  ServerGroup,
} from '../../contract/server-group';
import { callEndpoint, endpointCall } from './http';
import { fetchQuery } from './fetch-query';
import { serverQueries } from './servers';
import { useCacheMutation } from './cache-mutation';

type GroupFields = CreateServerGroupRequest['server_group'];
type GroupChange = ModifyServerGroupRequest['server_group'];

export async function listServerGroups(signal?: AbortSignal) {
  return (await callEndpoint(serverGroupEndpoints.list, {}, { signal })).server_groups.server_group;
}

export async function getServerGroup(uuid: string, signal?: AbortSignal) {
  return (await callEndpoint(serverGroupEndpoints.get, { params: { uuid } }, { signal }))
    .server_group;
}

export const createServerGroupCall = (fields: GroupFields) =>
  endpointCall(serverGroupEndpoints.create, { body: { server_group: fields } });

export const modifyServerGroupCall = (uuid: string, change: GroupChange) =>
  endpointCall(serverGroupEndpoints.modify, { params: { uuid }, body: { server_group: change } });

export const deleteServerGroupCall = (uuid: string) =>
  endpointCall(serverGroupEndpoints.delete, { params: { uuid } });

export const serverGroupQueries = {
  all: () => ['server-groups'] as const,
  lists: () => [...serverGroupQueries.all(), 'list'] as const,
  list: () => fetchQuery(serverGroupQueries.lists(), listServerGroups),
  detail: (uuid: string) =>
    fetchQuery([...serverGroupQueries.all(), 'detail', uuid], (signal) =>
      getServerGroup(uuid, signal),
    ),
};

/** Membership shows on server records (`server_group`), so a change refreshes servers too. */
function useGroupMutation<Variables, Result>(
  mutationFn: (variables: Variables) => Promise<Result>,
) {
  return useCacheMutation(mutationFn, async (queryClient, result) => {
    const group = result as ServerGroup | undefined;
    if (group?.uuid) {
      queryClient.setQueryData(serverGroupQueries.detail(group.uuid).queryKey, group);
    }
    await queryClient.invalidateQueries({ queryKey: serverGroupQueries.all() });
    void queryClient.invalidateQueries({ queryKey: serverQueries.all() });
  });
}

export const useCreateServerGroup = () =>
  useGroupMutation(
    async (fields: GroupFields) =>
      (await callEndpoint(serverGroupEndpoints.create, { body: { server_group: fields } }))
        .server_group,
  );

export const useModifyServerGroup = (uuid: string) =>
  useGroupMutation(
    async (change: GroupChange) =>
      (
        await callEndpoint(serverGroupEndpoints.modify, {
          params: { uuid },
          body: { server_group: change },
        })
      ).server_group,
  );

export const useDeleteServerGroup = (uuid: string) =>
  useCacheMutation(
    () => callEndpoint(serverGroupEndpoints.delete, { params: { uuid } }),
    (queryClient) => {
      queryClient.removeQueries({ queryKey: serverGroupQueries.detail(uuid).queryKey });
      void queryClient.invalidateQueries({ queryKey: serverQueries.all() });
      return queryClient.invalidateQueries({ queryKey: serverGroupQueries.lists() });
    },
  );

export const useAddServerGroupMember = (uuid: string) =>
  useGroupMutation((server: string) =>
    callEndpoint(serverGroupEndpoints.addMember, {
      params: { uuid },
      body: { server: { uuid: server } },
    }),
  );

export const useRemoveServerGroupMember = (uuid: string) =>
  useGroupMutation((server: string) =>
    callEndpoint(serverGroupEndpoints.removeMember, { params: { uuid, server } }),
  );
