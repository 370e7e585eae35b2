/** A promise and the function that keeps it, once. */
export function settlement(): { done: Promise<void>; settle(): void } {
  let settle = () => undefined as void;
  const done = new Promise<void>((resolve) => (settle = resolve));
  return { done, settle };
}
