import { z } from 'zod/mini';
import type { AntiAffinityPolicy, ServerGroup } from '../../../contract/server-group';
import { antiAffinityPolicies, serverGroupTitleSchema } from '../../../contract/server-group';
import {
  createServerGroupCall,
  modifyServerGroupCall,
  useCreateServerGroup,
  useModifyServerGroup,
} from '../../api/server-groups';
import { FormDialog, createOrEditWords } from '../../components/form-dialog';
import { FormSelect, FormTextInput } from '../../components/form/form-fields';
import { useRequestForm } from '../../components/form/use-request-form';
import { labelledOptions } from '../../components/labelled-options';
import { fieldForErrorCode } from '../../lib/api-error-fields';

const groupFormSchema = z.object({
  title: serverGroupTitleSchema,
  anti_affinity: z.enum(antiAffinityPolicies),
});

/** How each anti-affinity policy reads in the panel (api-reference-notes §16.1). */
export const policyLabels: Record<AntiAffinityPolicy, string> = {
  yes: 'Anti-affinity (best effort)',
  strict: 'Strict anti-affinity',
  no: 'No anti-affinity',
};

const errorFields = { TITLE: 'title', ANTI_AFFINITY: 'anti_affinity' } as const;

interface ServerGroupDialogProps {
  /** The group to edit; none to create one. */
  group?: ServerGroup;
  onClose: () => void;
  onSaved: (group: ServerGroup) => void;
}

/** Creates a server group, or changes a group's title and anti-affinity policy. */
export function ServerGroupDialog({ group, onClose, onSaved }: ServerGroupDialogProps) {
  const create = useCreateServerGroup();
  const modify = useModifyServerGroup(group?.uuid ?? '');
  const { control, submission } = useRequestForm(
    groupFormSchema,
    { title: group?.title ?? '', anti_affinity: group?.anti_affinity ?? 'yes' },
    {
      mutation: group ? modify : create,
      call: (body) =>
        group ? modifyServerGroupCall(group.uuid, body) : createServerGroupCall(body),
      fieldOf: (error) => fieldForErrorCode(error.code, errorFields),
      onSuccess: onSaved,
    },
  );

  return (
    <FormDialog
      {...createOrEditWords('server group', group?.title)}
      {...submission}
      onClose={onClose}
    >
      <FormTextInput control={control} name="title" label="Title" required />
      <FormSelect
        control={control}
        name="anti_affinity"
        label="Anti-affinity policy"
        hint="Applied when a member starts: strict refuses a start that would share a host."
      >
        {labelledOptions(antiAffinityPolicies, policyLabels)}
      </FormSelect>
    </FormDialog>
  );
}
