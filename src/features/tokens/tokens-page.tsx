import { useState } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { CreatedToken, Token } from '../../../contract/tokens';
import { tokenPageCall, tokenQueries } from '../../api/tokens';
import { useAuth } from '../../auth/auth-context';
import { CreateButton } from '../../components/create-button';
import { PageHeader } from '../../components/page-header';
import { PagedList } from '../../components/paged-list';
import { EmptyState } from '../../components/query-state';
import { useSuccessNotice } from '../../components/success-notice';
import { useUrlState } from '../../components/use-url-state';
import { CreateTokenDialog } from './create-token-dialog';
import { DeleteTokenDialog } from './delete-token-dialog';
import { TokenSecretDialog } from './token-secret-dialog';
import { TokenTable } from './token-table';
import { tokenListUrl } from './token-list-url';
import { useCreateDialog } from '../../components/use-create-dialog';

export function TokensPage() {
  const { state: params, change } = useUrlState(tokenListUrl);
  const tokens = useQuery({ ...tokenQueries.page(params), placeholderData: keepPreviousData });
  const { session } = useAuth();
  const creating = useCreateDialog();
  const [created, setCreated] = useState<CreatedToken | null>(null);
  const [deleting, setDeleting] = useState<Token | null>(null);
  const { notify, notice } = useSuccessNotice();

  const createButton = <CreateButton onClick={creating.start}>Create token</CreateButton>;

  return (
    <>
      <PageHeader
        title="API tokens"
        description="Tokens let scripts and tools use the API without your password. Panel sessions are tokens too: the panel creates one when you sign in with a password."
        actions={createButton}
      />
      <PagedList
        query={tokens}
        loadingLabel="Loading API tokens"
        errorTitle="API tokens could not be loaded"
        read={tokenPageCall(params)}
        empty={
          params.offset > 0 ? (
            <EmptyState title="No more tokens on this page." />
          ) : (
            <EmptyState
              title="No API tokens yet."
              description="Create one for each script or tool, so you can revoke them one at a time."
            />
          )
        }
        // Most accounts have one page of tokens: a pager shows only once there are more.
        paging={
          params.offset > 0 || tokens.data?.hasNextPage
            ? { limit: params.limit, offset: params.offset, change }
            : undefined
        }
      >
        {(items) => (
          <TokenTable tokens={items} currentTokenId={session?.tokenId} onDelete={setDeleting} />
        )}
      </PagedList>
      {creating.open && <CreateTokenDialog {...creating.dialog(setCreated)} />}
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
