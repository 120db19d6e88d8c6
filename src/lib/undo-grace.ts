/** How long an undoable action waits before it is sent (the Undo window), unless a caller says otherwise. */
export const defaultUndoGraceMs = 5000;
