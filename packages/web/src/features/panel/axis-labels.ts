/** The narrowest room a date under the daily chart needs ("27/11" is about 37 px), with a margin. */
export const LABEL_GAP_PX = 64;

/**
 * Which of `count` evenly spaced days get their date under the axis: every `step`-th from the first, with
 * `step` wide enough for `gap` pixels between them, and always the last; when the last would come too close
 * to the one before it, that one gives way (it printed "22/1127/1": two dates on top of each other).
 */
export function axisLabelIndexes(count: number, plotWidth: number, gap = LABEL_GAP_PX): number[] {
  if (count <= 0) return [];
  if (count === 1) return [0];
  const spacing = plotWidth / (count - 1);
  const step = Math.max(1, Math.ceil(gap / Math.max(spacing, 1e-6)));
  const picked: number[] = [];
  for (let i = 0; i < count; i += step) picked.push(i);
  const last = count - 1;
  if (picked.at(-1) !== last) {
    if (last - picked.at(-1)! < step && picked.length > 1) picked.pop();
    picked.push(last);
  }
  // Too narrow for even the first and the last: the last alone says where the line ends.
  if (picked.length === 2 && (last - picked[0]!) * spacing < gap) return [last];
  return picked;
}

/** The first date starts at its day and the last ends at its day, so neither is cut at the chart's edges. */
export function axisLabelAnchor(index: number, count: number): 'start' | 'middle' | 'end' {
  if (count <= 1) return 'middle';
  if (index === 0) return 'start';
  if (index === count - 1) return 'end';
  return 'middle';
}
