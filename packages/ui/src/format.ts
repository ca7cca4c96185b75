/** Dates and money as people in South Africa read them. */
const date = new Intl.DateTimeFormat('en-ZA', { day: 'numeric', month: 'short', year: 'numeric' });
const dateTime = new Intl.DateTimeFormat('en-ZA', { day: 'numeric', month: 'short', year: 'numeric', hour: '2-digit', minute: '2-digit' });
const rand = new Intl.NumberFormat('en-ZA', { style: 'currency', currency: 'ZAR' });

export const formatDate = (iso: string): string => date.format(new Date(iso));
export const formatDateTime = (iso: string): string => dateTime.format(new Date(iso));
export const formatRand = (amount: number): string => rand.format(amount);
