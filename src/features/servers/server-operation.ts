import type { ServerDetails } from '../../../contract/server';

/** What each of the server page's operation dialogs (plan, relocate, rebuild) is given. */
export interface ServerOperationProps {
  server: ServerDetails;
  onClose: () => void;
  /** After the API took the change, with the words that confirm it. */
  onDone: (message: string) => void;
}

/** The server's attached disks; CD-ROM devices and empty slots are not disks it owns. */
export const attachedDisks = (server: ServerDetails) =>
  server.storage_devices.storage_device.filter(
    (device) => device.type === 'disk' && device.storage !== '',
  );
