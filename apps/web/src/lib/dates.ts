/**
 * Formats a date for display with the spec's DATE_DISPLAY_FORMAT, "dd.MM.yy | hh:mm a"
 * (21.11.26 | 02:05 PM), in the browser's time zone. Invalid input gives ''.
 */
export function formatDisplayDate(input: string | number | Date): string {
  const date = input instanceof Date ? input : new Date(input);
  if (Number.isNaN(date.getTime())) return '';
  const two = (n: number) => String(n).padStart(2, '0');
  const hours = date.getHours();
  const h12 = hours % 12 === 0 ? 12 : hours % 12;
  return `${two(date.getDate())}.${two(date.getMonth() + 1)}.${two(date.getFullYear() % 100)} | ${two(h12)}:${two(
    date.getMinutes(),
  )} ${hours < 12 ? 'AM' : 'PM'}`;
}

/** The value of an `<input type="datetime-local">` (local time, minutes) for an instant. */
export function toDateTimeLocal(input: string | Date): string {
  const date = input instanceof Date ? input : new Date(input);
  if (Number.isNaN(date.getTime())) return '';
  const two = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${two(date.getMonth() + 1)}-${two(date.getDate())}T${two(date.getHours())}:${two(
    date.getMinutes(),
  )}`;
}
