import { endpointPath } from '../../contract/endpoint';
import type { CreateServerRequest } from '../../contract/server';
import { storageEndpoints } from '../../contract/storage';
import type { CreateStorageRequest } from '../../contract/storage';
import type { Session } from '../auth/session-store';
import { createDisk, createServer } from './factories';
import type { TenantUser } from './factories';
import { apiAsUser } from './tenant';

/** The request options that send a call as the signed-in `session`. */
export const as = (session: Session) => ({ authorization: `Bearer ${session.token}` });

/** A storage made straight through the API as `session` (10 GB in de-fra1 unless told). */
export const createStorageAs = (
  session: Session,
  storage: Partial<CreateStorageRequest['storage']> & { title: string },
) => createDisk(apiAsUser(session), storage);

/**
 * A server made straight through the API as `user` (one of this file's accounts, or a signed-in
 * session): de-fra1, 1xCPU-1GB, a Debian system disk and a fresh title, unless `server` says
 * otherwise.
 */
export const createServerAs = (
  user: TenantUser | Session,
  server: Partial<CreateServerRequest['server']> = {},
) => createServer(apiAsUser(user), server);

/** A storage made and deleted straight through the API as `session`: a resource that is gone. */
export async function createDeletedStorageAs(session: Session, title: string) {
  const storage = await createStorageAs(session, { title });
  const { delete: remove } = storageEndpoints;
  await apiAsUser(session).call(
    remove.method,
    endpointPath(remove, { uuid: storage.uuid }, { backups: 'delete' }),
  );
  return storage;
}

/**
 * The timers a test fakes to move past an Undo grace period at once: with `shouldAdvanceTime`
 * they also run on by themselves, so user-event, React and the panel's polls keep working.
 */
export const fakedTimers: (
  'setTimeout' | 'clearTimeout' | 'setInterval' | 'clearInterval' | 'Date'
)[] = ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'];
