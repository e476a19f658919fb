/** `3.2.1`, `3.2`, `3.2.1-beta.4`, `3.2.1 (456)` → [3, 2, 1]; anything else → null. */
export function parseAppVersion(value: string): [number, number, number] | null {
  const match = /^\s*v?(\d{1,6})(?:\.(\d{1,6}))?(?:\.(\d{1,6}))?/.exec(value);
  if (!match) return null;
  return [Number(match[1]), Number(match[2] ?? 0), Number(match[3] ?? 0)];
}

/** True when `version` is older than `minimum`; false when either is not a version. */
export function isOlderThan(version: string, minimum: string): boolean {
  const a = parseAppVersion(version);
  const b = parseAppVersion(minimum);
  if (!a || !b) return false;
  for (let i = 0; i < 3; i += 1) {
    if (a[i] !== b[i]) return (a[i] ?? 0) < (b[i] ?? 0);
  }
  return false;
}
