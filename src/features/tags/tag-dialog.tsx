import { z } from 'zod/mini';
import type { Tag } from '../../../contract/tag';
import { tagDescriptionSchema } from '../../../contract/tag';
import { tagNameSchema } from '../../../contract/server';
import { createTagCall, modifyTagCall, useSaveTag } from '../../api/tags';
import { FormDialog, createOrEditWords } from '../../components/form-dialog';
import { FormTextInput } from '../../components/form/form-fields';
import { useRequestForm } from '../../components/form/use-request-form';

const tagFormSchema = z.object({ name: tagNameSchema, description: tagDescriptionSchema });

interface TagDialogProps {
  /** The tag to rename; none to create one. */
  tag?: Tag;
  onClose: () => void;
  /** Once the API has taken it, with the tag's name as saved. */
  onSaved: (name: string) => void;
}

/** Creates a tag, or renames and describes one (a rename follows it onto its servers). */
export function TagDialog({ tag, onClose, onSaved }: TagDialogProps) {
  const save = useSaveTag(tag?.name);
  const { control, submission } = useRequestForm(
    tagFormSchema,
    { name: tag?.name ?? '', description: tag?.description ?? '' },
    {
      mutation: save,
      call: (body) => (tag ? modifyTagCall(tag.name, body) : createTagCall(body)),
      fieldOf: (error) => (error.code.startsWith('TAG_') ? 'name' : null),
      onSuccess: (_result, values) => onSaved(values.name),
    },
  );

  return (
    <FormDialog {...createOrEditWords('tag', tag?.name)} {...submission} onClose={onClose}>
      <FormTextInput
        control={control}
        name="name"
        label="Name"
        required
        hint="Letters, digits and underscores, at most 32. A new name follows the tag onto its servers."
      />
      <FormTextInput control={control} name="description" label="Description" />
    </FormDialog>
  );
}
