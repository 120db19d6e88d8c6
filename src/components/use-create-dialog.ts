import { useState } from 'react';
import type { CreateDialogProps } from './form-dialog';

/**
 * Whether a page's create dialog is open. `dialog(then)` gives the dialog its props: they close it
 * and, once the API has created the resource, close it and then do `then` with it.
 */
export function useCreateDialog() {
  const [open, setOpen] = useState(false);
  const close = () => setOpen(false);
  return {
    open,
    start: () => setOpen(true),
    dialog: <Created>(then: (created: Created) => void): CreateDialogProps<Created> => ({
      onClose: close,
      onCreated: (created) => {
        close();
        then(created);
      },
    }),
  };
}
