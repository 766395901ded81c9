/**
 * WCAG contrast of an element's text (or icon: its `color`) against what is behind it, measured in
 * the page. Colours are turned into sRGB by a canvas, so any CSS colour syntax works (Tailwind's
 * palette is oklch); semi-transparent backgrounds are composited up to the page.
 */
import type { Locator } from '@playwright/test';

/** The contrast ratio (1–21) of each element the locator matches. */
export function contrastRatios(locator: Locator): Promise<number[]> {
  return locator.evaluateAll((elements) => {
    const canvas = document.createElement('canvas');
    canvas.width = canvas.height = 1;
    const ctx = canvas.getContext('2d', { willReadFrequently: true })!;
    const rgba = (css: string): [number, number, number, number] => {
      ctx.clearRect(0, 0, 1, 1);
      ctx.fillStyle = css;
      ctx.fillRect(0, 0, 1, 1);
      const [r, g, b, a] = ctx.getImageData(0, 0, 1, 1).data;
      return [r!, g!, b!, a! / 255];
    };
    const over = (top: number[], bottom: number[]) =>
      [0, 1, 2].map((i) => top[i]! * top[3]! + bottom[i]! * (1 - top[3]!));
    const luminance = (c: number[]) => {
      const [r, g, b] = c.map((v) => {
        const s = v / 255;
        return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
      });
      return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
    };
    return elements.map((el) => {
      const layers: [number, number, number, number][] = [];
      for (let n: Element | null = el; n; n = n.parentElement) {
        const bg = rgba(getComputedStyle(n).backgroundColor);
        if (bg[3] > 0) layers.push(bg);
        if (bg[3] === 1) break;
      }
      let background = [255, 255, 255];
      for (const layer of layers.reverse()) background = over(layer, background);
      const opacity = Number(getComputedStyle(el).opacity);
      const fg = rgba(getComputedStyle(el).color);
      const text = over([fg[0], fg[1], fg[2], fg[3] * opacity], background);
      const [hi, lo] = [luminance(text), luminance(background)].sort((a, b) => b - a);
      return (hi! + 0.05) / (lo! + 0.05);
    });
  });
}
