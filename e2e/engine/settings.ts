/** Steps of the engine specs that set up a conversation through the page. */
import { expect, type Page } from '@playwright/test';

/** Sets the new chat's "Max tokens" in its settings dialog. */
export async function setMaxTokens(page: Page, maxTokens: number): Promise<void> {
  await page.getByRole('button', { name: 'Conversation settings' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Max tokens').fill(String(maxTokens));
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
}
