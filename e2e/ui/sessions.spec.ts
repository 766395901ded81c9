/**
 * ARK stateful sessions from the chat UI: with a provider marked `statefulSessions`, a conversation
 * keeps its history on the provider and later questions send only what is new; a new version
 * (Regenerate) starts a new session; a session the provider forgot falls back to the whole
 * history — and the model still knows the whole conversation every time. 1280 px light, 360 px dark.
 */
import { expect, test } from '@playwright/test';
import { SCENARIO_URL } from '../../testing/stack/ports';
import { backendRequests, lastAnswer, nonce, openApp, pickModel, send, VIEWS } from './helpers';

test.describe.configure({ timeout: 90_000 });

for (const view of VIEWS) {
  test.describe(`${view.width} px, ${view.scheme}`, () => {
    test.use({ viewport: { width: view.width, height: view.height }, colorScheme: view.scheme });

    test('a conversation lives on the provider: only new messages are sent', async ({ page }) => {
      const m = nonce();
      await openApp(page);
      await pickModel(page, 'arks:stateful');
      await send(page, `One ${m}`);
      await expect(lastAnswer(page)).toContainText(
        'I have 1 messages of this conversation (1 sent now)',
      );
      await send(page, `Two ${m}`);
      await expect(lastAnswer(page)).toContainText(
        'I have 3 messages of this conversation (1 sent now)',
      );
      await send(page, `Three ${m}`);
      await expect(lastAnswer(page)).toContainText(
        'I have 5 messages of this conversation (1 sent now)',
      );
      const [first] = await backendRequests('stateful', `One ${m}`);
      const [third] = await backendRequests('stateful', `Three ${m}`);
      const session = first!.body.ark_stateful as string;
      expect(session).toMatch(/^sess_/);
      expect(third!.body).toMatchObject({ ark_stateful: session, ark_max_session_tokens: 16000 });
      expect(third!.body.messages).toEqual([{ role: 'user', content: `Three ${m}` }]);

      // Regenerate is a new version: a new session, with the history that version follows.
      await lastAnswer(page).getByRole('button', { name: 'Regenerate' }).click();
      await expect(lastAnswer(page).getByTestId('version-position')).toHaveText('Version 2 / 2');
      await expect(lastAnswer(page)).toContainText(
        'I have 5 messages of this conversation (5 sent now)',
      );
      const retried = (await backendRequests('stateful', `Three ${m}`)).at(-1)!;
      expect(retried.body.ark_stateful).not.toBe(session);

      // The provider forgets that session: the next question still has the whole conversation.
      await fetch(
        `${SCENARIO_URL}/__control/ark-sessions/forget?id=${encodeURIComponent(String(retried.body.ark_stateful))}`,
        { method: 'POST' },
      );
      await send(page, `Four ${m}`);
      await expect(lastAnswer(page)).toHaveAttribute('data-status', 'complete');
      await expect(lastAnswer(page)).toContainText(
        'I have 7 messages of this conversation (7 sent now)',
      );
      const tries = await backendRequests('stateful', `Four ${m}`);
      expect(tries.map((r) => r.body.messages?.length)).toEqual([1, 7]);
      await send(page, `Five ${m}`);
      await expect(lastAnswer(page)).toContainText(
        'I have 9 messages of this conversation (1 sent now)',
      );
    });
  });
}
