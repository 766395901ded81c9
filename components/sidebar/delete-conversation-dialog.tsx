'use client';

import { Button } from '../ui/text-button';
import { Dialog } from '../ui/dialog';

/** Asks before a conversation is deleted; `onConfirm` deletes it, `onClose` keeps it. */
export function DeleteConversationDialog({
  title,
  onConfirm,
  onClose,
}: {
  /** The conversation's title; null while nothing is being deleted (the dialog is closed). */
  title: string | null;
  onConfirm: () => void;
  onClose: () => void;
}) {
  return (
    <Dialog
      open={title !== null}
      onClose={onClose}
      title="Delete conversation?"
      footer={
        <>
          <Button variant="ghost" onClick={onClose}>
            Cancel
          </Button>
          <Button variant="danger" onClick={onConfirm}>
            Delete
          </Button>
        </>
      }
    >
      <p className="text-sm">
        “{title}” and all its messages will be deleted from this browser. You can undo it for a few
        seconds.
      </p>
    </Dialog>
  );
}
