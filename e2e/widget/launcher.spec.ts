import { expect, test } from '@playwright/test';
import { launcher, openHost } from './helpers';

for (const [accent, icon] of [
  ['#fde047', 'rgb(9, 9, 11)'],
  ['#0f766e', 'rgb(255, 255, 255)'],
] as const) {
  test(`the launcher takes the accent ${accent}, its icon readable on it`, async ({ page }) => {
    await openHost(page, { 'data-accent': accent });
    const colours = await launcher(page).evaluate((button) => {
      const style = getComputedStyle(button);
      return { background: style.backgroundColor, icon: style.color };
    });
    const [r, g, b] = [1, 3, 5].map((i) => parseInt(accent.slice(i, i + 2), 16));
    expect(colours).toEqual({ background: `rgb(${r}, ${g}, ${b})`, icon });
  });
}
