/**
 * Chi-square tools for the raffle's fairness tests (docs/decisions/0008): how likely a deviation at least
 * this large is when every participant of a class really has the same chance.
 */

/** ln Γ(x), Lanczos approximation (g = 7, 9 terms), accurate to about 15 digits for x > 0. */
function lnGamma(x: number): number {
  const c = [
    0.99999999999980993, 676.5203681218851, -1259.1392167224028, 771.32342877765313, -176.61502916214059,
    12.507343278686905, -0.13857109526572012, 9.9843695780195716e-6, 1.5056327351493116e-7,
  ];
  if (x < 0.5) return Math.log(Math.PI / Math.sin(Math.PI * x)) - lnGamma(1 - x);
  const xm = x - 1;
  let a = c[0]!;
  const t = xm + 7.5;
  for (let i = 1; i < 9; i++) a += c[i]! / (xm + i);
  return 0.5 * Math.log(2 * Math.PI) + (xm + 0.5) * Math.log(t) - t + Math.log(a);
}

/** Regularised upper incomplete gamma Q(a, x) (Numerical Recipes: series below a + 1, continued fraction above). */
function gammaQ(a: number, x: number): number {
  if (x <= 0) return 1;
  const gln = lnGamma(a);
  if (x < a + 1) {
    let sum = 1 / a;
    let del = sum;
    for (let n = 1; n < 1000; n++) {
      del *= x / (a + n);
      sum += del;
      if (Math.abs(del) < Math.abs(sum) * 1e-15) break;
    }
    return 1 - sum * Math.exp(-x + a * Math.log(x) - gln);
  }
  let b = x + 1 - a;
  let c = 1 / 1e-300;
  let d = 1 / b;
  let h = d;
  for (let i = 1; i < 1000; i++) {
    const an = -i * (i - a);
    b += 2;
    d = an * d + b;
    if (Math.abs(d) < 1e-300) d = 1e-300;
    c = b + an / c;
    if (Math.abs(c) < 1e-300) c = 1e-300;
    d = 1 / d;
    const del = d * c;
    h *= del;
    if (Math.abs(del - 1) < 1e-15) break;
  }
  return Math.exp(-x + a * Math.log(x) - gln) * h;
}

/** P(χ²(df) ≥ x): the p-value of a chi-square statistic. */
export function chiSquarePValue(x: number, df: number): number {
  return gammaQ(df / 2, x / 2);
}

/**
 * Statistic for "each of these k participants got a place with probability p", when every one of `runs`
 * raffles gives exactly m = p·k places to the class. The counts are then not multinomial: within a raffle the
 * indicators have variance p(1−p) and covariance −p(1−p)/(k−1), so
 * Q = (k−1)/k · Σ (Oᵢ − runs·p)² / (runs·p(1−p)) follows χ² with k − 1 degrees of freedom.
 */
export function placementStatistic(counts: readonly number[], runs: number, p: number): { stat: number; df: number } {
  const k = counts.length;
  const variance = runs * p * (1 - p);
  const sum = counts.reduce((s, o) => s + (o - runs * p) ** 2 / variance, 0);
  return { stat: ((k - 1) / k) * sum, df: k - 1 };
}
