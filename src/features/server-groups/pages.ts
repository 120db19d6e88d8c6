// The server group pages share one lazy chunk, loaded once by the group's manifest.
export { ServerGroupDetailPage } from './server-group-detail-page';
export { ServerGroupsPage } from './server-groups-page';
