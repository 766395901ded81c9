/**
 * What the engine specs share: a question the model answers at length, and steps that set up a
 * conversation through the page.
 */
import { expect, type Page } from '@playwright/test';

/**
 * A question the engine's model answers up to the app's output limit (512 tokens, status
 * "length") whatever marker comes before it (ten markers out of ten): seconds of decoding on a CPU
 * even with the engine first in line for it, so an answer that is still running when the spec
 * acts.
 */
export const LONG_ANSWER =
  'Write a long story about a river that flows to the sea, in ten paragraphs.';

/** Sets the new chat's "Max tokens" in its settings dialog. */
export async function setMaxTokens(page: Page, maxTokens: number): Promise<void> {
  await page.getByRole('button', { name: 'Conversation settings' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Max tokens').fill(String(maxTokens));
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
}
