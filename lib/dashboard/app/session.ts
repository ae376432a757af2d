/**
 * The pasted key lives in sessionStorage: it survives a reload of the tab and is gone when the tab
 * closes; no other tab, and no server, keeps it.
 */
const STORAGE_KEY = 'web-extraction.api-key';

export function storedKey(): string | null {
  try {
    return sessionStorage.getItem(STORAGE_KEY);
  } catch {
    return null;
  }
}

export function storeKey(key: string): void {
  sessionStorage.setItem(STORAGE_KEY, key);
}

export function forgetKey(): void {
  sessionStorage.removeItem(STORAGE_KEY);
}
