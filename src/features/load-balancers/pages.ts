// The load balancer pages share one lazy chunk, loaded once by the group's manifest.
export { CreateLoadBalancerPage } from './create-load-balancer-page';
export { LoadBalancerDetailPage } from './load-balancer-detail-page';
export { LoadBalancersPage } from './load-balancers-page';
