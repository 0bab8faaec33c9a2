/**
 * A route parameter as typed. The router decodes %20 and the like but leaves
 * reserved characters escaped (r%26b), so decode once more; a stray '%' stays.
 */
export function routeParam(value: string | undefined): string {
  if (!value) return '';
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}
