import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';

/**
 * The page's serious and critical accessibility violations (axe) as "rule: help (where)" lines, so that
 * `expect(…).toEqual([])` names what failed. `include` / `exclude`: CSS selectors narrowing what is judged.
 *
 * The settled page is judged: a button the pointer rests on after a click is fading into its hover colours,
 * and mid-fade its text and background are too close for axe (a flake: 5 failures in 8 runs of one test).
 * So the pointer moves away and every finite animation or transition finishes first.
 */
export async function seriousA11yViolations(
  page: Page,
  scope: { include?: string; exclude?: string } = {},
): Promise<string[]> {
  await page.mouse.move(0, 0);
  await page.evaluate(async () => {
    await new Promise((resolve) => requestAnimationFrame(resolve));
    const finite = document.getAnimations().filter((a) => a.effect?.getTiming().iterations !== Infinity);
    await Promise.all(finite.map((a) => a.finished.catch(() => undefined)));
  });
  const builder = new AxeBuilder({ page });
  if (scope.include) builder.include(scope.include);
  if (scope.exclude) builder.exclude(scope.exclude);
  const { violations } = await builder.analyze();
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`);
}
