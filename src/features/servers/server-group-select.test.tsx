import { useState } from 'react';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { endpointPath } from '../../../contract/endpoint';
import { serverGroupEndpoints } from '../../../contract/server-group';
import { useZodForm } from '../../components/form/use-zod-form';
import { renderPage, signInAs, uniqueName } from '../../testing/render';
import { apiAsUser } from '../../testing/tenant';
import { createServerDefaults, createServerFormSchema } from './create-server-form';
import { ServerGroupSelect } from './server-group-select';

/** The create-server form's group field with the form's own schema: what its submit would send. */
function GroupField() {
  const { control, handleSubmit } = useZodForm(
    createServerFormSchema(() => 1),
    {
      ...createServerDefaults,
      zone: 'de-fra1',
      plan: '1xCPU-1GB',
      template: '01000000-0000-4000-8000-000020060100',
      title: 'grouped',
      hostname: 'grouped.example.com',
    },
  );
  const [sent, setSent] = useState<string>();
  return (
    <form
      onSubmit={(event) =>
        void handleSubmit((body) => setSent(body.server.server_group ?? 'no group'))(event)
      }
    >
      <ServerGroupSelect control={control} />
      <button type="submit">Create server</button>
      {sent && <p>{`server_group: ${sent}`}</p>}
    </form>
  );
}

describe('Server group field of the create-server form', () => {
  it('offers the account groups, sends none by default and the chosen one', async () => {
    const { server_group: group } = await apiAsUser('demo').call(
      'POST',
      endpointPath(serverGroupEndpoints.create),
      { server_group: { title: uniqueName('pick me') } },
      serverGroupEndpoints.create.response,
    );
    const { user } = renderPage(<GroupField />, { session: await signInAs('demo') });
    const select = screen.getByRole('combobox', { name: 'Server group' });
    expect(select).toHaveTextContent('None');
    await user.click(screen.getByRole('button', { name: 'Create server' }));
    expect(await screen.findByText('server_group: no group')).toBeVisible();

    await user.click(select);
    await user.click(await screen.findByRole('option', { name: group.title }));
    await user.click(screen.getByRole('button', { name: 'Create server' }));
    expect(await screen.findByText(`server_group: ${group.uuid}`)).toBeVisible();
  });
});
