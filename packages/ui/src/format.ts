/** Dates and money as people in South Africa read them. */

/**
 * Formatters are built on first use: building one loads locale data, which costs tens of
 * milliseconds on a phone, and most pages (the whole public site) format nothing.
 */
function lazyFormat<T>(create: () => { format(value: T): string }): (value: T) => string {
  let formatter: { format(value: T): string } | undefined;
  return (value) => (formatter ??= create()).format(value);
}

const date = lazyFormat<Date>(
  () => new Intl.DateTimeFormat('en-ZA', { day: 'numeric', month: 'short', year: 'numeric' }),
);
const dateTime = lazyFormat<Date>(
  () =>
    new Intl.DateTimeFormat('en-ZA', {
      day: 'numeric',
      month: 'short',
      year: 'numeric',
      hour: '2-digit',
      minute: '2-digit',
    }),
);
const rand = lazyFormat<number>(() => new Intl.NumberFormat('en-ZA', { style: 'currency', currency: 'ZAR' }));

export const formatDate = (iso: string): string => date(new Date(iso));
export const formatDateTime = (iso: string): string => dateTime(new Date(iso));
export const formatRand = (amount: number): string => rand(amount);
