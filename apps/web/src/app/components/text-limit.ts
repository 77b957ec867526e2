/** The counter shows from 80% of the limit; fields of under 10 characters (CAP, province) never need one. */
export function showCounter(length: number, max: number): boolean {
  return max >= 10 && length >= Math.ceil(max * 0.8);
}
