/** How a project runs, shown on Home, Services and Docs. */
export interface ProcessStep {
  name: string;
  duration: string;
  text: string;
}

export const processSteps: readonly ProcessStep[] = [
  {
    name: 'Discover',
    duration: '1 to 2 weeks',
    text: 'We meet the people who will use the product, map what exists and agree on what success looks like, in numbers.',
  },
  {
    name: 'Design',
    duration: '2 to 4 weeks',
    text: 'Clickable prototypes tested with real users, a design system, and a technical plan with a fixed-range estimate.',
  },
  {
    name: 'Build',
    duration: 'Two-week sprints',
    text: 'A working release at the end of every sprint, demoed live. You see progress on a staging site, not in a status report.',
  },
  {
    name: 'Launch and grow',
    duration: 'Ongoing',
    text: 'A calm launch with monitoring in place, then a care plan or a product team to keep improving what you shipped.',
  },
];
