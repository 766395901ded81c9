/** Why the message box cannot send yet, in place of the meter; null when it can. */
export function composerHint(
  hydrated: boolean,
  hasModel: boolean,
  modelId: string | null | undefined,
): string | null {
  if (!hydrated) return 'Loading your conversations…';
  if (hasModel) return null;
  return modelId
    ? `The model ${modelId} is not available. Pick another one above.`
    : 'No model available yet.';
}

/** The message box's placeholder: the site's own (the widget), else what the model takes. */
export function composerPlaceholder(
  own: string | null | undefined,
  completion: boolean,
  showDetails: boolean,
  modelLabel: string | undefined,
): string {
  if (own) return own;
  if (completion) return 'Write the beginning of a text to continue…';
  return showDetails ? `Message ${modelLabel ?? 'the model'}` : 'Type a message…';
}
