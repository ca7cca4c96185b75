import { ActivityScreen } from '../features/activity/components/ActivityScreen';

/** /user/activity */
export default function Activity() {
  return <ActivityScreen />;
}
