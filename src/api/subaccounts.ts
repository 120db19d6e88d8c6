import { subAccountEndpoints } from '../../contract/subaccount';
import type { SubAccountCreateRequest, SubAccountModifyRequest } from '../../contract/subaccount';
import { accountQueries } from './account';
import type { listAccounts } from './account';
import { callEndpoint, endpointCall } from './http';
import { useCacheMutation } from './cache-mutation';

/**
 * Subaccount create, modify and delete. Apart from src/api/account.ts (which the first load needs for the
 * signed-in account), so the contact rules of the create body load with the subaccount pages only.
 */
export const createSubAccountCall = (body: SubAccountCreateRequest) =>
  endpointCall(subAccountEndpoints.create, { body });

export function createSubAccount(body: SubAccountCreateRequest) {
  return callEndpoint(subAccountEndpoints.create, { body });
}

export const modifySubAccountCall = (username: string, body: SubAccountModifyRequest) =>
  endpointCall(subAccountEndpoints.modify, { params: { username }, body });

export function modifySubAccount({
  username,
  body,
}: {
  username: string;
  body: SubAccountModifyRequest;
}) {
  return callEndpoint(subAccountEndpoints.modify, { params: { username }, body });
}

/** A change shows in the list (roles) and in the subaccount's details alike. */
export const useModifySubAccount = () =>
  useCacheMutation(modifySubAccount, (queryClient) =>
    queryClient.invalidateQueries({ queryKey: accountQueries.all() }),
  );

export const deleteSubAccountCall = (username: string) =>
  endpointCall(subAccountEndpoints.delete, { params: { username } });

export function deleteSubAccount(username: string) {
  return callEndpoint(subAccountEndpoints.delete, { params: { username } });
}

export const useCreateSubAccount = () =>
  useCacheMutation(createSubAccount, (queryClient) =>
    queryClient.invalidateQueries({ queryKey: accountQueries.lists() }),
  );

export const useDeleteSubAccount = () =>
  useCacheMutation(deleteSubAccount, (queryClient, _data, username) => {
    for (const [key] of queryClient.getQueriesData({ queryKey: accountQueries.lists() })) {
      queryClient.setQueryData(
        key,
        (accounts: Awaited<ReturnType<typeof listAccounts>> | undefined) =>
          accounts?.filter((account) => account.username !== username),
      );
    }
    void queryClient.invalidateQueries({ queryKey: accountQueries.lists() });
  });
