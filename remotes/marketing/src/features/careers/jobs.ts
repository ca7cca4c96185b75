/** Open roles. Each has its own page under /careers/<slug> (a route in the host's table). */
export interface Job {
  slug: string;
  /** When the role was advertised (ISO date), for search engines' job listings. */
  posted: string;
  /** schema.org employment type of the role. */
  employmentType: 'INTERN' | 'FULL_TIME' | 'PART_TIME' | 'CONTRACTOR';
  /** Monthly pay in rand, for search engines (the page shows `pay`). */
  monthlyPayZar: number;
  title: string;
  summary: string;
  location: string;
  type: string;
  pay: string;
  about: string[];
  tasks: string[];
  requirements: string[];
  niceToHave: string[];
  learning: string[];
  offer: string[];
  steps: string[];
}

export const juniorDigitalAssistant: Job = {
  slug: 'junior-digital-assistant',
  posted: '2026-11-02',
  employmentType: 'INTERN',
  monthlyPayZar: 9500,
  title: 'Junior Digital Assistant (Intern)',
  summary:
    'A paid twelve-month internship for someone starting out in digital work: content, testing, client support and a first taste of code.',
  location: 'Cape Town City Centre, hybrid (three days in the studio)',
  type: 'Internship, 12 months, full time',
  pay: 'R9 500 per month stipend, plus a laptop and a monthly data allowance',
  about: [
    'You join a team of designers and engineers who build websites, web apps, SaaS tools and IoT products for clients in South Africa, Europe and the US. You work alongside a project lead who mentors you, and you rotate through content, quality assurance and client support, so by the end of the year you know how a digital product is made from start to finish.',
    'This is a real job with real responsibility, not coffee runs. Interns before you have written help centres, caught release-blocking bugs and run client demos.',
  ],
  tasks: [
    'Prepare and publish website content in content management systems, checking spelling, links, images and accessibility',
    'Test new features on phones and laptops before each release, and write clear bug reports',
    'Keep client workspaces, projects and links up to date in our client area',
    'Take notes in client meetings and turn them into tidy action lists',
    'Help with social media posts, newsletters and simple analytics reports',
    'Learn HTML, CSS and a little JavaScript with a mentor, and make small changes to live sites',
  ],
  requirements: [
    'A matric certificate; a diploma or degree in any field is welcome but not required',
    'Clear written English; Afrikaans or isiXhosa is a plus',
    'Comfort with computers, Google Workspace or Microsoft 365, and curiosity about how websites work',
    'Care for detail: you notice the broken link and the misaligned button',
    'Eligible to work in South Africa, and able to reach the city centre three days a week',
  ],
  niceToHave: [
    'A blog, portfolio, YouTube channel or anything you made online',
    'Some experience with Canva, Figma, WordPress or a spreadsheet you are proud of',
  ],
  learning: [
    'How software projects are planned, built, tested and launched',
    'Accessibility and usability testing',
    'The basics of HTML, CSS and JavaScript',
    'Working with clients professionally, in writing and in meetings',
  ],
  offer: [
    'A monthly stipend of R9 500, paid on the 25th',
    'A laptop for the year and a monthly data allowance for the days you work from home',
    'A mentor and a weekly one-on-one',
    'A written reference and a portfolio of real work at the end of the year',
    'A chance of a permanent role: we plan to offer one to interns who want it',
  ],
  steps: [
    'Send your CV and a short note (no more than one page) about something digital you enjoy and why',
    'A 20-minute video call to get to know each other',
    'A small paid task at home, about two hours, with clear instructions',
    'A visit to the studio to meet the team; we decide within a week after',
  ],
};

export const openRoles: readonly Job[] = [juniorDigitalAssistant];
