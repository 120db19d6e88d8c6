import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import Button from '@mui/material/Button';
import AddIcon from '@mui/icons-material/Add';
import type { CreatedToken, Token } from '../../../contract/tokens';
import { tokenQueries } from '../../api/tokens';
import { useAuth } from '../../auth/auth-context';
import { PageHeader } from '../../components/page-header';
import { EmptyState, ErrorState, LoadingState } from '../../components/query-state';
import { CreateTokenDialog } from './create-token-dialog';
import { DeleteTokenDialog } from './delete-token-dialog';
import { TokenSecretDialog } from './token-secret-dialog';
import { TokenTable } from './token-table';

export function TokensPage() {
  const tokens = useQuery(tokenQueries.list());
  const { session } = useAuth();
  const [creating, setCreating] = useState(false);
  const [created, setCreated] = useState<CreatedToken | null>(null);
  const [deleting, setDeleting] = useState<Token | null>(null);

  const createButton = (
    <Button variant="contained" startIcon={<AddIcon />} onClick={() => setCreating(true)}>
      Create token
    </Button>
  );

  return (
    <>
      <PageHeader
        title="API tokens"
        description="Tokens let scripts and tools use the API without your password. Panel sessions are tokens too: the panel creates one when you sign in with a password."
        actions={createButton}
      />
      {tokens.isPending && <LoadingState label="Loading API tokens" />}
      {tokens.isError && (
        <ErrorState
          error={tokens.error}
          title="API tokens could not be loaded"
          onRetry={() => void tokens.refetch()}
        />
      )}
      {tokens.isSuccess &&
        (tokens.data.length === 0 ? (
          <EmptyState
            title="No API tokens yet."
            description="Create one for each script or tool, so you can revoke them one at a time."
          />
        ) : (
          <TokenTable
            tokens={tokens.data}
            currentTokenId={session?.tokenId}
            onDelete={setDeleting}
          />
        ))}
      {creating && (
        <CreateTokenDialog
          onClose={() => setCreating(false)}
          onCreated={(token) => {
            setCreating(false);
            setCreated(token);
          }}
        />
      )}
      {created && <TokenSecretDialog token={created} onClose={() => setCreated(null)} />}
      {deleting && (
        <DeleteTokenDialog
          token={deleting}
          isCurrentSession={deleting.id === session?.tokenId}
          onClose={() => setDeleting(null)}
        />
      )}
    </>
  );
}
