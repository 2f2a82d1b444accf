// Prices as the owner types them (rubles, a comma or a point, spaces) and as the API keeps
// them (kopecks).

/** '4 900,50' → 490050; '' → null; not a price → undefined. */
export function rublesToKopecks(text: string): number | null | undefined {
  const clean = text.replace(/[\s\u00a0₽]/g, '').replace(',', '.');
  if (clean === '') return null;
  if (!/^\d+(\.\d{1,2})?$/.test(clean)) return undefined;
  return Math.round(Number(clean) * 100);
}

/** 490050 → '4900,50'; 490000 → '4900'; null → ''. */
export function kopecksToRubles(kopecks: number | null): string {
  if (kopecks === null) return '';
  const rubles = Math.floor(kopecks / 100);
  const rest = kopecks % 100;
  return rest ? `${rubles},${String(rest).padStart(2, '0')}` : String(rubles);
}
