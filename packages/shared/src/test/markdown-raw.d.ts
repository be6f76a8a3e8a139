/** Vite's `?raw` import (Vitest serves it): a test reads a decision record as text to check its vectors. */
declare module '*.md?raw' {
  const text: string;
  export default text;
}
