import { serverEndpoints } from '../../contract/server';
import { tagEndpoints } from '../../contract/tag';
import type { Tag } from '../../contract/tag';
import { callEndpoint, endpointCall } from './http';
import { fetchQuery } from './fetch-query';
import { useCacheMutation } from './cache-mutation';
import { serverQueries } from './servers';

/** A tag's name and description, as the panel's form sends them. */
export interface TagFields {
  name: string;
  description: string;
}

export async function listTags(signal?: AbortSignal): Promise<Tag[]> {
  return (await callEndpoint(tagEndpoints.list, {}, { signal })).tags.tag;
}

export const createTagCall = (tag: TagFields) =>
  endpointCall(tagEndpoints.create, { body: { tag } });

export function createTag(tag: TagFields) {
  return callEndpoint(tagEndpoints.create, { body: { tag } });
}

/** A new `name` renames the tag on every server carrying it (api-reference-notes §16). */
export const modifyTagCall = (name: string, tag: TagFields) =>
  endpointCall(tagEndpoints.modify, { params: { name }, body: { tag } });

export function modifyTag(name: string, tag: TagFields) {
  return callEndpoint(tagEndpoints.modify, { params: { name }, body: { tag } });
}

export const deleteTagCall = (name: string) =>
  endpointCall(tagEndpoints.delete, { params: { name } });

export function deleteTag(name: string) {
  return callEndpoint(tagEndpoints.delete, { params: { name } });
}

export const tagQueries = {
  all: () => ['tags'] as const,
  lists: () => [...tagQueries.all(), 'list'] as const,
  list: () => fetchQuery(tagQueries.lists(), listTags),
};

/** Tags show on server records too, so a change refreshes the servers as well. */
function useTagMutation<Variables>(mutationFn: (variables: Variables) => Promise<unknown>) {
  return useCacheMutation(mutationFn, async (queryClient) => {
    await queryClient.invalidateQueries({ queryKey: tagQueries.all() });
    void queryClient.invalidateQueries({ queryKey: serverQueries.all() });
  });
}

/** Creates a tag, or with `original` modifies that one. */
export const useSaveTag = (original?: string) =>
  useTagMutation((tag: TagFields) => (original ? modifyTag(original, tag) : createTag(tag)));

export const useDeleteTag = () => useTagMutation((name: string) => deleteTag(name));

/**
 * Tags a server with one of the account's tags, or with `isNew` creates the tag on it
 * (`POST /1.3/tag` with its servers, api-reference-notes §16), so it joins the account's list.
 */
export function tagServer(uuid: string, name: string, isNew: boolean) {
  return isNew
    ? callEndpoint(tagEndpoints.create, { body: { tag: { name, servers: { server: [uuid] } } } })
    : callEndpoint(serverEndpoints.tag, { params: { uuid, tags: name } });
}

export function untagServer(uuid: string, name: string) {
  return callEndpoint(serverEndpoints.untag, { params: { uuid, tags: name } });
}

export const useTagServer = (uuid: string) =>
  useTagMutation(({ name, isNew }: { name: string; isNew: boolean }) =>
    tagServer(uuid, name, isNew),
  );

export const useUntagServer = (uuid: string) =>
  useTagMutation((name: string) => untagServer(uuid, name));
