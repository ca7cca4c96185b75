import { discoveryPrice, formatPrice } from './tiers';

/** Questions clients ask before they sign. */
export const pricingFaq: readonly { question: string; answer: string }[] = [
  {
    question: 'Do prices include VAT?',
    answer:
      'No. Prices exclude VAT at 15%. Clients outside South Africa are invoiced without VAT where the services count as exported services.',
  },
  {
    question: 'Can you invoice in dollars, euros or pounds?',
    answer:
      'Yes. We quote in rand and can invoice in USD, EUR or GBP at the exchange rate on the day of the quote, fixed for the project.',
  },
  {
    question: 'How do payments work?',
    answer:
      'Projects: 30% to start, then payments tied to milestones you have signed off. The Partner plan and care plans are billed monthly in advance.',
  },
  {
    question: 'Can we start with something small?',
    answer: `Yes. A discovery phase on its own costs ${formatPrice(discoveryPrice)}, fixed. You get research, a prototype and a build estimate, and the fee is credited against the build if you go ahead with us.`,
  },
  {
    question: 'What happens when the scope changes?',
    answer:
      'It usually does. Every change gets an estimate before work starts, and nothing is billed until you approve it. Your budget burn is visible every week.',
  },
  {
    question: 'Who owns the code?',
    answer:
      'You do, from the first commit. Repositories, cloud accounts and design files are set up in your name, and we hand over documentation at launch.',
  },
];
