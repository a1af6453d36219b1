/** A positive id or day number from the path, or null when it cannot name anything. */
export function parseId(value: string): number | null {
  return /^[1-9]\d{0,9}$/.test(value) && Number(value) <= 2_147_483_647 ? Number(value) : null;
}
