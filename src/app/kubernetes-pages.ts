// The Kubernetes pages share one lazy chunk, like the server and storage pages.
export { ClusterDetailPage } from '../features/kubernetes/cluster-detail-page';
export { ClusterListPage } from '../features/kubernetes/cluster-list-page';
export { ClusterOidcPage } from '../features/kubernetes/cluster-oidc-page';
export { CreateClusterPage } from '../features/kubernetes/create-cluster-page';
