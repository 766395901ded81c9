/**
 * The text of each message editor left open, by message id, for the page's life. The message
 * window unmounts messages far from the view, and "Jump to latest" or a send moves it to the end:
 * an editor open on an earlier message comes back with what was typed in it when its message is
 * mounted again.
 */
const drafts = new Map<string, string>();

/** What was typed in the editor of message `id`, if one is open. */
export function editDraft(id: string): string | undefined {
  return drafts.get(id);
}

/** Keeps the open editor's text (called as it is typed). */
export function keepEditDraft(id: string, text: string): void {
  drafts.set(id, text);
}

/** The editor closed (saved or cancelled). */
export function dropEditDraft(id: string): void {
  drafts.delete(id);
}
