// The Kubernetes pages share one lazy chunk, loaded once by the group's manifest.
export { ClusterDetailPage } from './cluster-detail-page';
export { ClusterListPage } from './cluster-list-page';
export { ClusterOidcPage } from './cluster-oidc-page';
export { CreateClusterPage } from './create-cluster-page';
