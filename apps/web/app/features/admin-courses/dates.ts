/** A date the owner picked ('YYYY-MM-DD') as the end of that day in Moscow, for the API's instants. */
export function endOfMoscowDay(isoDate: string): string {
  return `${isoDate}T23:59:59+03:00`;
}
