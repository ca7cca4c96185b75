import { brand } from '@kloof/ui/brand';
import type { Job } from './jobs';

/**
 * A job as schema.org JobPosting (JSON-LD), so search engines list it with its details. The
 * page exports it; the host's prerender writes it into the page's HTML.
 */
export function jobPostingData(job: Job): object {
  return {
    '@context': 'https://schema.org',
    '@type': 'JobPosting',
    title: job.title,
    description: [job.summary, ...job.about].join('\n\n'),
    datePosted: job.posted,
    employmentType: job.employmentType,
    hiringOrganization: { '@type': 'Organization', name: brand.name },
    jobLocation: {
      '@type': 'Place',
      address: {
        '@type': 'PostalAddress',
        streetAddress: brand.address,
        addressLocality: 'Cape Town',
        addressCountry: 'ZA',
      },
    },
    baseSalary: {
      '@type': 'MonetaryAmount',
      currency: 'ZAR',
      value: { '@type': 'QuantitativeValue', value: job.monthlyPayZar, unitText: 'MONTH' },
    },
  };
}
