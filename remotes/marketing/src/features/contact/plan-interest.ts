import { tiers } from '../pricing/tiers';

/** The message a visitor coming from a pricing tier (/contact?plan=<id>) starts with. */
export function planInterest(search: string): string {
  const id = new URLSearchParams(search).get('plan');
  const tier = tiers.find((t) => t.id === id);
  return tier ? `We are interested in the ${tier.name} plan. ` : '';
}
