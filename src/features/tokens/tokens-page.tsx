import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import Button from '@mui/material/Button';
import AddIcon from '@mui/icons-material/Add';
import type { CreatedToken, Token } from '../../../contract/tokens';
import { tokenQueries } from '../../api/tokens';
import { useAuth } from '../../auth/auth-context';
import { PageHeader } from '../../components/page-header';
import { QueryView } from '../../components/query-view';
import { useSuccessNotice } from '../../components/success-notice';
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
  const { notify, notice } = useSuccessNotice();

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
      <QueryView
        query={tokens}
        loading="Loading API tokens"
        failure="API tokens could not be loaded"
        empty={{
          title: 'No API tokens yet.',
          description: 'Create one for each script or tool, so you can revoke them one at a time.',
        }}
      >
        {(data) => (
          <TokenTable tokens={data} currentTokenId={session?.tokenId} onDelete={setDeleting} />
        )}
      </QueryView>
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
          onDeleted={() => {
            setDeleting(null);
            notify({ message: `Token “${deleting.name}” deleted` });
          }}
        />
      )}
      {notice}
    </>
  );
}
