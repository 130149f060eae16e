/**
 * A value made on first use and kept: modules the server needs only for some requests (pdf-lib,
 * the identity library, a provider's SDK) are loaded when first asked for, not at start-up. A
 * failed attempt is not kept: the next call tries again.
 */
export function loadOnce<T>(load: () => Promise<T>): () => Promise<T> {
  let value: Promise<T> | null = null;
  return () => {
    if (!value) {
      value = load();
      value.catch(() => {
        value = null;
      });
    }
    return value;
  };
}
