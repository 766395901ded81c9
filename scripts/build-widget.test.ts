import { describe, expect, it } from 'vitest';
import { bundleWidget, WIDGET_BUDGET_BYTES } from './build-widget';

describe('the widget loader bundle', () => {
  it('stays within 3 KB gzipped', async () => {
    const bundle = await bundleWidget();
    console.info(
      `widget.js: ${bundle.rawBytes} B raw, ${bundle.gzipBytes} B gzipped (budget ${WIDGET_BUDGET_BYTES} B)`,
    );
    expect(bundle.gzipBytes).toBeGreaterThan(500);
    expect(bundle.gzipBytes).toBeLessThanOrEqual(WIDGET_BUDGET_BYTES);
  });

  it('has no dependencies and never posts to "*"', async () => {
    const { code } = await bundleWidget();
    expect(code).not.toMatch(/\brequire\(|\bimport\(/);
    expect(code).not.toMatch(/postMessage\([^)]*["']\*["']/);
    expect(code).not.toContain('zod');
  });
});
