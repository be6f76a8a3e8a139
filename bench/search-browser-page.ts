/**
 * The page's side of bench/search-browser.ts, run inside Chromium through page.evaluate (so each function is
 * self-contained: nothing from this module's scope is used in them): the timing of each key typed and of the
 * rows it brings.
 */

/** The page's side of the bench, kept on `window` between repetitions. */
interface BenchWindow {
  /** The input event of the last key typed into the search box. */
  lastInput: number;
  /** The query being typed, and whether the answer to it has come. */
  finalQ: string;
  answered: boolean;
}

/**
 * Installed once in the page: notes the time of each key typed into the search box, and which answer has
 * come (the final query's own answer must have come: an earlier one can hold the same rows).
 */
export function instrument() {
  const bench: BenchWindow = { lastInput: 0, finalQ: '', answered: false };
  (window as unknown as { bench: BenchWindow }).bench = bench;
  const box = document.querySelector<HTMLInputElement>('form[role=search] input[type=search]')!;
  box.addEventListener('input', (event) => (bench.lastInput = event.timeStamp));
  const original = window.fetch;
  window.fetch = (input, init) => {
    const response = original(input, init);
    const url = new URL(input instanceof Request ? input.url : String(input), location.href);
    if (url.pathname === '/api/inscriptos' && url.searchParams.get('q') === bench.finalQ)
      response.then(
        () => (bench.answered = true),
        () => undefined,
      );
    return response;
  };
}

/**
 * Started in the page before typing `finalQ`: resolves with the timings once its rows (`expected`, the
 * server's answer) are painted, and then watches SETTLE_MS more for any change of them (an older answer
 * arriving late).
 */
export function watch({
  finalQ,
  expected,
  noMatch,
  settleMs,
}: {
  finalQ: string;
  expected: string[];
  noMatch: string;
  settleMs: number;
}) {
  const bench = (window as unknown as { bench: BenchWindow }).bench;
  bench.finalQ = finalQ;
  bench.answered = false;
  performance.clearResourceTimings();
  const region = document.querySelector('.inscriptos-table-region')!;
  const box = document.querySelector<HTMLInputElement>('form[role=search] input[type=search]')!;
  const ids = () =>
    Array.from(region.querySelectorAll('tbody td.inscriptos-table__nombre a'), (a) => a.getAttribute('href') ?? '');
  const text = () => region.querySelector('tbody')?.textContent ?? '';
  // The final query's rows, after its answer: an intermediate answer can be on screen (and can hold the same
  // rows) after the address already holds the final query.
  const isFinal = () =>
    bench.answered &&
    ids().join() === expected.join() &&
    (expected.length > 0 || text().includes(noMatch)) &&
    box.value === finalQ &&
    new URLSearchParams(location.search).get('q') === finalQ &&
    region.getAttribute('aria-busy') === 'false';
  return new Promise<{
    lastInput: number;
    painted: number;
    changedAfter: boolean;
    requests: { start: number; end: number; q: string | null }[];
  }>((resolve) => {
    let seen = false;
    let snapshot = '';
    const now = () => ids().join() + text();
    const observer = new MutationObserver(() => {
      if (seen || !isFinal()) return;
      seen = true;
      snapshot = now();
      requestAnimationFrame(() => {
        // A message sent from a frame's callback runs once that frame is painted.
        const channel = new MessageChannel();
        channel.port1.onmessage = () => {
          const painted = performance.now();
          const lastInput = bench.lastInput;
          let changedAfter = false;
          const late = new MutationObserver(() => (changedAfter ||= now() !== snapshot));
          late.observe(region, { subtree: true, childList: true, characterData: true });
          setTimeout(() => {
            observer.disconnect();
            late.disconnect();
            const requests = performance
              .getEntriesByType('resource')
              .filter((e) => new URL(e.name).pathname === '/api/inscriptos')
              .map((e) => ({
                start: e.startTime,
                end: (e as PerformanceResourceTiming).responseEnd,
                q: new URL(e.name).searchParams.get('q'),
              }));
            resolve({ lastInput, painted, changedAfter: changedAfter || now() !== snapshot, requests });
          }, settleMs);
        };
        channel.port2.postMessage(0);
      });
    });
    observer.observe(region, { subtree: true, childList: true, attributes: true, characterData: true });
  });
}
