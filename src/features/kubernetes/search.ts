import { getCluster, kubernetesQueries } from '../../api/kubernetes';
import { keywords, paletteSource } from '../../lib/group-manifest';
import type { GroupSearch } from '../../lib/group-manifest';
import { links } from '../../lib/links';

/** The command palette's clusters, and the app bar search's check that one exists. */
export const search: GroupSearch = {
  palette: paletteSource({
    title: 'Kubernetes clusters',
    query: () => kubernetesQueries.list(),
    items: (clusters) =>
      clusters.map((cluster) => ({
        id: `kubernetes:${cluster.uuid}`,
        kind: 'Kubernetes cluster',
        label: cluster.name,
        detail: `${cluster.version} · ${cluster.zone}`,
        to: links.cluster(cluster.uuid),
        keywords: keywords([cluster.name, cluster.uuid]),
      })),
  }),
  fetchResource: (uuid) => getCluster(uuid),
};
