import { JobPosting } from '../features/careers/components/JobPosting';
import { juniorDigitalAssistant } from '../features/careers/jobs';
import { jobPostingData } from '../features/careers/job-posting-data';

/** Read by the host's prerender: the job's JSON-LD in the page's HTML. */
export const structuredData = jobPostingData(juniorDigitalAssistant);

/** /careers/junior-digital-assistant: the junior digital assistant internship. */
export default function JuniorDigitalAssistant() {
  return <JobPosting job={juniorDigitalAssistant} />;
}
