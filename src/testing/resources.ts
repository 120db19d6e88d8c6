import { storageResponseSchema } from '../../contract/storage';
import type { CreateStorageRequest } from '../../contract/storage';
import { request } from '../api/http';
import type { Session } from '../auth/session-store';

/** The request options that send a call as the signed-in `session`. */
export const as = (session: Session) => ({ authorization: `Bearer ${session.token}` });

/** A storage made straight through the API as `session` (10 GB in de-fra1 unless told). */
export async function createStorageAs(
  session: Session,
  storage: Partial<CreateStorageRequest['storage']> & { title: string },
) {
  const body: CreateStorageRequest = { storage: { zone: 'de-fra1', size: 10, ...storage } };
  return (
    await request('/1.3/storage', storageResponseSchema, { method: 'POST', body, ...as(session) })
  ).storage;
}
