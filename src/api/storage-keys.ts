// A leaf module: servers.ts invalidates every storage query (attached storages name the server)
// and storage.ts invalidates servers, so the root of the storage keys lives apart from both.
export const storageKeys = {
  all: () => ['storage'] as const,
};
