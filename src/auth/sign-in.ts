import { getAccount } from '../api/account';
import { createToken, deleteToken } from '../api/tokens';
import { panelSignInHeader } from '../../contract/tokens';
import { basicAuthorization } from '../lib/basic-auth';
import type { Session } from './session-store';

/** api-rules §5.3: Basic auth is discouraged, so a password is used once to obtain a session token. */
const panelSessionToken = {
  name: 'Skydeck panel session',
  expires_in: '8h',
  gui: true,
  can_create_tokens: true,
} as const;

export async function exchangePassword(username: string, password: string): Promise<Session> {
  const created = await createToken(panelSessionToken, {
    authorization: basicAuthorization(username, password),
    // Marks this request as the panel's own sign-in: `gui` alone makes no panel session.
    headers: { [panelSignInHeader]: 'panel' },
  });
  return {
    token: created.token,
    tokenId: created.id,
    username,
    viaPassword: true,
    expiresAt: created.expires_at,
  };
}

export async function verifyToken(token: string) {
  const account = await getAccount({ authorization: `Bearer ${token}` });
  const session: Session = { token, username: account.username, viaPassword: false };
  return { session, account };
}

export async function revokeSessionToken(session: Session): Promise<void> {
  if (!session.viaPassword || !session.tokenId) return;
  await deleteToken(session.tokenId, { authorization: `Bearer ${session.token}` });
}
