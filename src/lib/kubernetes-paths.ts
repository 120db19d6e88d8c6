/** Links to the Kubernetes pages; `app/paths.ts` spreads them in (features may not import app). */
export const kubernetesPaths = {
  kubernetes: () => '/kubernetes',
  newCluster: () => '/kubernetes/new',
  cluster: (uuid: string) => `/kubernetes/${uuid}`,
  clusterAuthentication: (uuid: string) => `/kubernetes/${uuid}/authentication`,
};
