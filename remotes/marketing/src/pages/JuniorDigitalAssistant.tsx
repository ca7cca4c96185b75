import { JobPosting } from '../features/careers/components/JobPosting';
import { juniorDigitalAssistant } from '../features/careers/jobs';

/** /careers/junior-digital-assistant: the junior digital assistant internship. */
export default function JuniorDigitalAssistant() {
  return <JobPosting job={juniorDigitalAssistant} />;
}
