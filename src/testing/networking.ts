import type { CreateNetworkRequest } from '../../contract/network';
import type { Session } from '../auth/session-store';
import { createNetwork, createRouter } from './factories';
import { apiAsUser } from './tenant';

/** A private network made straight through the API, as a script (or another account) would. */
export const createNetworkAs = (
  session: Session,
  network: Partial<CreateNetworkRequest['network']> & { name: string; block: string },
) => createNetwork(apiAsUser(session), network);

export const createRouterAs = (session: Session, name: string) =>
  createRouter(apiAsUser(session), name);

export { nextBlock } from './tenant';
